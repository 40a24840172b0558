import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Context } from '../../../platform/http/request-context';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import {
  CreateShippingLabelFromEmailRequest,
  CreateShippingLabelFromEmailResponse,
  ParseShippingEmailRequest,
  ParseShippingEmailResponse,
} from './shipping-email.request.dto';
import { ShippingEmailService } from './shipping-email.service';

@ApiTags('admin: shipping')
@ApiBearerAuth()
@Controller('admin')
export class ShippingEmailController {
  constructor(private readonly emails: ShippingEmailService) {}

  @Post('parse-shipping-email')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Read a pasted reply: the order it names and whether it asks for a label (create label, ship now, …)' })
  @ApiOkResponse({ type: ParseShippingEmailResponse })
  @ApiBadRequestResponse({ description: 'Please enter email content to parse' })
  parse(@Body() body: ParseShippingEmailRequest): Promise<ParseShippingEmailResponse> {
    return this.emails.parse(body.emailContent, body.subject);
  }

  @Post('create-shipping-label-email')
  @ApiOperation({ summary: 'Create the label of the order a parsed e-mail named; a second call returns the same consignment' })
  @ApiCreatedResponse({ type: CreateShippingLabelFromEmailResponse })
  @ApiBadRequestResponse({ description: 'No valid order found. Please parse email first.' })
  @ApiConflictResponse({ description: 'The order is pending or cancelled' })
  createLabel(@Body() body: CreateShippingLabelFromEmailRequest, @Context() context: Cause): Promise<CreateShippingLabelFromEmailResponse> {
    return this.emails.createLabel(body.orderId, context);
  }
}
