import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { beerPagePath, hasBeerPage } from '@brewery/shop-rules';
import { type AppConfig, APP_CONFIG } from '../../config/app-config';
import { ShopListing } from '../catalog';

/** Paths crawlers are asked to leave alone: private to one visitor, or the API. */
export const PRIVATE_PATHS = ['/admin', '/checkout', '/order-success', '/order-status', '/club/manage', '/api/'] as const;

/** `/sitemap.xml` and `/robots.txt`, beside the shop's pages (not under `/api`). */
@ApiTags('storefront')
@Controller()
export class SeoController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly listing: ShopListing,
  ) {}

  @Get('sitemap.xml')
  @Header('Content-Type', 'application/xml; charset=utf-8')
  @Header('Cache-Control', 'no-cache')
  @ApiOperation({ summary: 'The home page, the shop and the page of every beer on sale, for search engines' })
  @ApiOkResponse({ description: 'A sitemaps.org urlset' })
  async sitemap(): Promise<string> {
    const { products } = await this.listing.current();
    const paths = ['/', '/shop', '/club', '/delivery', '/returns', '/privacy', ...products.filter(hasBeerPage).map(beerPagePath)];
    const urls = paths.map((path) => `  <url><loc>${escapeXml(this.absolute(path))}</loc></url>`);
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  }

  @Get('robots.txt')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'no-cache')
  @ApiOperation({ summary: 'Crawlers welcome on the shop; kept out of the admin, the checkout, the order result and the API' })
  robots(): string {
    const disallow = PRIVATE_PATHS.map((path) => `Disallow: ${path}`).join('\n');
    return `User-agent: *\n${disallow}\n\nSitemap: ${this.absolute('/sitemap.xml')}\n`;
  }

  private absolute(path: string): string {
    return `${this.config.shop.publicUrl.replace(/\/+$/, '')}${path}`;
  }
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}
