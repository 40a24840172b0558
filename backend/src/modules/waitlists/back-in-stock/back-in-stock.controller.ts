import { Body, Controller, Get, HttpCode, Injectable, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { ThrottlerStorageService } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { Allow } from 'class-validator';
import { Context } from '../../../platform/http/request-context';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { CountedPerClient } from '../../../platform/http/per-client-limit';
import { clientAddress, withRetryAfter } from '../../../platform/http/per-client-cap';
import { DomainError } from '../../../shared-kernel/domain-error';
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

/** The small page a link in an e-mail opens: a heading, a sentence, the way back to the shop. */
function linkPage(title: string, sentence: string, back = '/shop'): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(sentence)}</p><p><a href="${escapeHtml(back)}">Back to the shop</a></p></main></body></html>`;
}

@ApiTags('products')
@Controller()
export class BackInStockController {
  constructor(private readonly lists: BackInStock) {}

  @Post('products/:id/notify-me')
  @HttpCode(202)
  @ApiOperation({
    summary:
      "Tell me when it's back: signs the address up for the sold-out (or not yet released) beer's list and e-mails it a link to confirm; once confirmed, it is e-mailed once when the beer is on sale with cans. The same address twice is one request; 5 a minute and 10 sign-ups waiting to be confirmed per client (429 with Retry-After)",
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
    @Context() context: Cause,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ message: string }> {
    return withRetryAfter(res, () => this.lists.ask(productId, body.email, clientAddress(req), context));
  }

  @Get('back-in-stock/confirm')
  @ApiOperation({
    summary:
      'The link in a confirmation e-mail opens a page with a Confirm button (a link opened by a mail scanner confirms nothing); the button posts to the same address',
  })
  confirmPage(@Req() req: Request, @Res() res: Response): void {
    // The same query, posted: only a person pressing the button confirms (an empty body, so no form encoding).
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    res
      .status(200)
      .type('html')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Confirm</title></head><body><main><h1>Confirm</h1><p>Press Confirm and we'll e-mail you once when this beer is on sale.</p><form method="post" action="/api/back-in-stock/confirm${escapeHtml(query)}"><button type="submit">Confirm</button></form><p><a href="/shop">Back to the shop</a></p></main></body></html>`,
      );
  }

  @Post('back-in-stock/confirm')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "The confirmation page's button: puts the address on the beer's list, without logging in; the link works 48 hours, and once (again: already confirmed)",
  })
  async confirm(
    @Query('beer') beer: unknown,
    @Query('email') email: unknown,
    @Query('sent') sent: unknown,
    @Query('sig') sig: unknown,
    @Context() context: Cause,
    @Res() res: Response,
  ): Promise<void> {
    try {
      const confirmed = await this.lists.confirm({ beer, email, sent, sig }, context);
      const sentence = `We'll e-mail ${confirmed.email} once when ${confirmed.beer} is on sale.`;
      res
        .status(200)
        .type('html')
        .send(linkPage('Confirmed', sentence, confirmed.beerUrl));
    } catch (error) {
      // The link's refusal in words, on a page like the one it would have opened.
      if (!(error instanceof DomainError)) throw error;
      res
        .status(error.kind === 'conflict' ? 409 : 400)
        .type('html')
        .send(linkPage('Not confirmed', error.message));
    }
  }

  @Get('back-in-stock/unsubscribe')
  @ApiOperation({ summary: "The link in a back-in-stock e-mail: takes the address off every beer's list, without logging in" })
  async unsubscribe(
    @Query('email') email: unknown,
    @Query('sig') signature: unknown,
    @Context() context: Cause,
    @Res() res: Response,
  ): Promise<void> {
    const { email: address } = await this.lists.unsubscribe(email, signature, context);
    res
      .status(200)
      .type('html')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Unsubscribed</title></head><body><main><h1>Unsubscribed</h1><p>${escapeHtml(address)} will get no more back-in-stock e-mails from us.</p><p><a href="/shop">Back to the shop</a></p></main></body></html>`,
      );
  }
}
