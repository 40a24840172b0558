import { Module } from '@nestjs/common';
import { AdminAuthModule } from '../admin-auth';
import { CatalogModule } from '../catalog';
import { AgeCheckController } from './age-check.controller';
import { SeoController } from './seo.controller';
import { ShopPages } from './shop-pages.service';

/** The shop's public pages rendered on the server (and the admin's order tabs, for a checked session), the sitemap and robots.txt. */
@Module({
  imports: [CatalogModule, AdminAuthModule],
  controllers: [SeoController, AgeCheckController],
  providers: [ShopPages],
  exports: [ShopPages],
})
export class StorefrontModule {}
