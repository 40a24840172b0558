import { Controller, Get, Inject, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { DocumentStore } from '@brewery/eventstore';
import type { CustomerView } from '@brewery/shop-rules';
import { DOCUMENT_STORE } from '../../../platform/persistence/persistence.tokens';
import { CustomerErrors } from './customer.errors';
import { ORDERS, type OrderDoc } from '../order-list/order-list.projection';
import { customerViewOf, ordersOfEmail, parseCustomerEmail } from './customer-view';

@ApiTags('admin: orders')
@ApiBearerAuth()
@Controller('admin/customers')
export class CustomersController {
  constructor(@Inject(DOCUMENT_STORE) private readonly store: DocumentStore) {}

  @Get(':email')
  @ApiOperation({
    summary: 'One customer by e-mail address (any case): their orders newest first, how many were paid, total spent, first and last order',
  })
  @ApiNotFoundResponse({ description: 'No orders from that address' })
  async customer(@Param('email') asked: string): Promise<CustomerView> {
    const email = parseCustomerEmail(asked);
    const orders = await this.store.collection<OrderDoc>(ORDERS).find(ordersOfEmail(email), { sort: { number: -1 } });
    const view = customerViewOf(email, orders);
    if (view === null) throw CustomerErrors.notFound(email);
    return view;
  }
}
