import { Controller, Get, Inject, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { DocumentStore } from '@brewery/eventstore';
import { DOCUMENT_STORE } from '../../../platform/persistence/persistence.tokens';
import { LabelErrors } from '../domain/label.errors';
import { orderNumberFrom } from '../../../shared-kernel/order-number';
import { SHIPPING_LABELS, type ShippingLabelDoc } from './shipping-labels.projection';

export type ShippingLabelView = Omit<ShippingLabelDoc, '_id' | 'revision'>;

function view(doc: ShippingLabelDoc): ShippingLabelView {
  const { _id: _key, revision: _revision, ...label } = doc;
  return label;
}

/** The consignments already issued, for the admin order list and detail dialog. */
@ApiTags('admin: shipping')
@ApiBearerAuth()
@Controller('admin/shipping-labels')
export class ShippingLabelsController {
  constructor(@Inject(DOCUMENT_STORE) private readonly store: DocumentStore) {}

  @Get()
  @ApiOperation({ summary: 'Every shipping label, newest first: order id, consignment, tracking URL, cans' })
  async list(): Promise<ShippingLabelView[]> {
    const docs = await this.store.collection<ShippingLabelDoc>(SHIPPING_LABELS).find({}, { sort: { createdAt: -1 } });
    return docs.map(view);
  }

  @Get(':orderId')
  @ApiOperation({ summary: 'The shipping label of one order' })
  @ApiNotFoundResponse({ description: 'No shipping label for order #N' })
  async one(@Param('orderId') raw: string): Promise<ShippingLabelView> {
    const orderId = orderNumberFrom(raw);
    if (orderId === null) throw LabelErrors.invalidOrderId();
    const doc = await this.store.collection<ShippingLabelDoc>(SHIPPING_LABELS).findOne({ _id: orderId });
    if (doc === null) throw LabelErrors.noLabel(orderId);
    return view(doc);
  }
}
