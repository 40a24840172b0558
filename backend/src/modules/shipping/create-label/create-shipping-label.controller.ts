import { Controller, HttpStatus, Param, Post, Res } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { Context } from '../../../platform/http/request-context';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { LabelErrors } from '../domain/label.errors';
import { orderNumberFrom } from '../../../shared-kernel/order-number';
import { ShippingLabelService } from './shipping-label.service';

export class CreateShippingLabelResponse {
  @ApiProperty({ example: 'SSB688236067' })
  consignmentNumber!: string;

  @ApiProperty({ example: 'https://auspost.com.au/mypost/track/details/SSB688236067' })
  trackingUrl!: string;
}

/** The order dialog's shipping-label section. */
@ApiTags('admin: shipping')
@ApiBearerAuth()
@Controller('admin/orders')
export class CreateShippingLabelController {
  constructor(private readonly labels: ShippingLabelService) {}

  @Post(':id/create-shipping-label')
  @ApiOperation({ summary: 'Create the shipping label of a paid (or later) order; a second call returns the same consignment' })
  @ApiCreatedResponse({ type: CreateShippingLabelResponse, description: 'Label created' })
  @ApiOkResponse({ type: CreateShippingLabelResponse, description: 'The order already had this label' })
  @ApiNotFoundResponse({ description: 'Order #N not found' })
  @ApiConflictResponse({ description: 'The order is pending or cancelled' })
  async create(
    @Param('id') id: string,
    @Context() context: Cause,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CreateShippingLabelResponse> {
    const orderId = orderNumberFrom(id);
    if (orderId === null) throw LabelErrors.invalidOrderId();
    const label = await this.labels.create(orderId, 'order_dialog', context);
    res.status(label.created ? HttpStatus.CREATED : HttpStatus.OK);
    return { consignmentNumber: label.consignmentNumber, trackingUrl: label.trackingUrl };
  }
}
