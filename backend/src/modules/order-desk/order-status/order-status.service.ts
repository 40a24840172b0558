import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore } from '@brewery/eventstore';
import { type AppConfig, APP_CONFIG, SERVER_SECRET } from '../../../config/app-config';
import { orderNumberFrom } from '../../../shared-kernel/order-number';
import { orderIdOfStatusToken, orderStatusPath, orderStatusToken } from '../../../platform/http/order-status-token';
import { DOCUMENT_STORE } from '../../../platform/persistence/persistence.tokens';
import { ORDERS, type OrderDoc } from '../order-list/order-list.projection';
import { OrderStatusErrors } from './order-status.errors';
import { orderStatusView, type OrderStatusView } from './order-status.view';

/**
 * The customer's way back to an order: by its number and e-mail address, or by the signed link the
 * confirmation e-mail and the success page give. An order the operator deleted is not found.
 */
@Injectable()
export class OrderStatusLookup {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DOCUMENT_STORE) private readonly documents: DocumentStore,
    // Shared by every process: a link signed by one is read by all.
    @Inject(SERVER_SECRET) private readonly secret: string,
  ) {}

  /** The order's status page, as an absolute address for e-mails. */
  statusUrl(orderId: string): string {
    return `${this.config.shop.publicUrl.replace(/\/+$/, '')}${orderStatusPath(orderStatusToken(this.secret, orderId))}`;
  }

  async byNumberAndEmail(orderNumber: unknown, email: unknown): Promise<OrderStatusView> {
    const orderId = orderNumberFrom(orderNumber);
    const order = orderId === null ? null : await this.find(orderId);
    if (order === null || typeof email !== 'string' || !sameEmail(order.customerEmail, email)) throw OrderStatusErrors.notFound();
    return orderStatusView(order, orderStatusToken(this.secret, order.id), this.config.shop.address);
  }

  async byToken(token: unknown): Promise<OrderStatusView> {
    return orderStatusView(await this.orderOfToken(token), String(token), this.config.shop.address);
  }

  /** The paid order a token is for (its invoice), or refused. */
  async invoiceOrder(token: unknown): Promise<OrderDoc> {
    const order = await this.orderOfToken(token);
    if (order.invoiceNumber === null || order.paidAt === null) throw OrderStatusErrors.noInvoice();
    return order;
  }

  private async orderOfToken(token: unknown): Promise<OrderDoc> {
    const orderId = orderIdOfStatusToken(this.secret, token);
    const order = orderId === null ? null : await this.find(orderId);
    if (order === null) throw OrderStatusErrors.notFound();
    return order;
  }

  private async find(orderId: string): Promise<OrderDoc | null> {
    const order = await this.documents.collection<OrderDoc>(ORDERS).findOne({ _id: orderId });
    return order === null || order.deleted ? null : order;
  }
}

function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
