import { Body, Controller, Get, HttpCode, Injectable, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { ThrottlerStorageService } from '@nestjs/throttler';
import type { Response } from 'express';
import { Allow } from 'class-validator';
import { Context, type RequestContext } from '../../../platform/http/request-context';
import { CountedPerClient } from '../../../platform/http/per-client-limit';
import { BackInStockMessages } from './back-in-stock.errors';
import { BackInStock } from './back-in-stock.service';

/** Requests to be told, counted per client address in a sliding minute (this module's own storage). */
@Injectable()
export class NotifyMeAttempts extends ThrottlerStorageService {}

export const NOTIFY_ME_PER_MINUTE = 5;

export class NotifyMeRequest {
  @ApiProperty({ type: String, example: 'ada@example.com' })
  @Allow()
  email?: unknown;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

@ApiTags('products')
@Controller()
export class BackInStockController {
  constructor(private readonly lists: BackInStock) {}

  @Post('products/:id/notify-me')
  @HttpCode(202)
  @ApiOperation({
    summary:
      "Tell me when it's back: e-mail this address once when the sold-out (or not yet released) beer is on sale with cans; the same address twice is one request; 5 a minute per client",
  })
  @CountedPerClient(NotifyMeAttempts, {
    name: 'notify-me',
    limit: NOTIFY_ME_PER_MINUTE,
    windowMs: 60_000,
    message: BackInStockMessages.tooMany,
    code: 'too_many_requests',
  })
  notifyMe(
    @Param('id') productId: string,
    @Body() body: NotifyMeRequest,
    @Context() context: RequestContext,
  ): Promise<{ message: string }> {
    return this.lists.ask(productId, body.email, { correlationId: context.correlationId, causationId: null, actor: context.actor });
  }

  @Get('back-in-stock/unsubscribe')
  @ApiOperation({ summary: "The link in a back-in-stock e-mail: takes the address off every beer's list, without logging in" })
  async unsubscribe(
    @Query('email') email: unknown,
    @Query('sig') signature: unknown,
    @Context() context: RequestContext,
    @Res() res: Response,
  ): Promise<void> {
    const { email: address } = await this.lists.unsubscribe(email, signature, {
      correlationId: context.correlationId,
      causationId: null,
      actor: 'customer',
    });
    res
      .status(200)
      .type('html')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Unsubscribed</title></head><body><main><h1>Unsubscribed</h1><p>${escapeHtml(address)} will get no more back-in-stock e-mails from us.</p><p><a href="/shop">Back to the shop</a></p></main></body></html>`,
      );
  }
}
