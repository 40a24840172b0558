import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog';
import { AgeCheckController } from './age-check.controller';
import { SeoController } from './seo.controller';
import { ShopPages } from './shop-pages.service';

/** The shop's public pages rendered on the server, the sitemap and robots.txt. */
@Module({
  imports: [CatalogModule],
  controllers: [SeoController, AgeCheckController],
  providers: [ShopPages],
  exports: [ShopPages],
})
export class StorefrontModule {}
