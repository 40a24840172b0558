import { Body, Controller, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { Context } from '../../../platform/http/request-context';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { orderNumberFrom } from '../../../shared-kernel/order-number';
import { OrderErrors } from '../domain/order.errors';
import { OrderNotes } from './order-notes.service';

/** An internal note. Checked by `parseNote`. */
export class AddOrderNoteRequest {
  @ApiProperty({
    type: String,
    example: 'Customer rang: leave with the neighbour at no. 14 is not allowed, will collect',
    description: '1-500 characters',
  })
  @Allow()
  note?: unknown;
}

@ApiTags('admin: orders')
@ApiBearerAuth()
@Controller('admin/orders')
export class OrderNotesController {
  constructor(private readonly notes: OrderNotes) {}

  @Post(':orderId/notes')
  @ApiOperation({ summary: 'Add an internal note to an order: kept in its history, never e-mailed to the customer' })
  add(@Param('orderId') asked: string, @Body() body: AddOrderNoteRequest, @Context() context: Cause): Promise<{ message: string }> {
    const orderId = orderNumberFrom(asked);
    if (orderId === null) throw OrderErrors.notFound(asked);
    return this.notes.add(orderId, body, context);
  }
}
