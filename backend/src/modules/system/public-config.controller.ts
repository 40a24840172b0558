import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PublicConfig } from '@brewery/shop-rules';
import { type AppConfig, APP_CONFIG } from '../../config/app-config';

/** What the browser needs to know at run time; nothing secret. */
@ApiTags('system')
@Controller('config')
export class PublicConfigController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get()
  @Header('Cache-Control', 'no-cache')
  @ApiOperation({ summary: 'Brand, shop e-mail, licence particulars and payment mode for the browser' })
  get(): PublicConfig {
    return publicConfigOf(this.config);
  }
}

/** The public part of the configuration: what `GET /api/config` answers and what server-rendered pages carry. */
export function publicConfigOf(config: AppConfig): PublicConfig {
  const { shop, stripe } = config;
  return {
    brandName: shop.brandName,
    shopEmail: shop.email,
    paymentMode: stripe ? 'stripe' : 'test',
    stripePublishableKey: stripe?.publishableKey ?? null,
    address: shop.address,
    liquorLicence: shop.liquorLicence,
    social: shop.social,
  };
}
