import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { AGE_COOKIE } from '@brewery/shop-rules';

const ONE_YEAR_S = 365 * 24 * 60 * 60;
/** Where a visitor under 18 is sent, as the age gate's script does. */
export const UNDERAGE_REDIRECT_URL = 'https://www.google.com';

/** Only a path on this site: `/shop`, not `//elsewhere.example` nor an address. */
export function safeReturnPath(value: unknown): string {
  return typeof value === 'string' && /^\/(?![/\\])[^\s]*$/.test(value) && value.length <= 2000 ? value : '/';
}

/**
 * The age gate's answer when it is given before the page's script has arrived (a slow phone): the gate in the
 * server's HTML is a form that posts here. Yes sets the cookie and returns to the page; No leaves the site.
 * With the script running, the gate answers in the page and never posts.
 */
@ApiExcludeController()
@Controller('age-check')
export class AgeCheckController {
  @Post()
  @HttpCode(303)
  answer(@Body() body: Record<string, unknown> | undefined, @Res() res: Response): void {
    res.setHeader('Cache-Control', 'no-store');
    if (body?.['answer'] === 'adult') {
      res.cookie(AGE_COOKIE, 'true', { maxAge: ONE_YEAR_S * 1000, path: '/', sameSite: 'lax' });
      res.redirect(303, safeReturnPath(body['return']));
      return;
    }
    res.redirect(303, UNDERAGE_REDIRECT_URL);
  }
}
