import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpEdge } from '../../platform/http/http-edge';
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
})
export class StorefrontModule implements OnModuleInit {
  constructor(
    private readonly edge: HttpEdge,
    private readonly pages: ShopPages,
  ) {}

  onModuleInit(): void {
    this.edge.servePages(this.pages);
    // A public page already made is sent before the application sees the request.
    this.edge.serveHotRead((path, req) => (path.startsWith('/api/') ? null : this.pages.preparedPage(path, req.headers.cookie)), {
      waitsForOwnWrites: false,
    });
  }
}
