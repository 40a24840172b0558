import { Module, type DynamicModule, type Type } from '@nestjs/common';
import type { AppConfig } from './config/app-config';
import { serverSecret } from './platform/persistence/data-dir-secret';
import { APP_CONFIG, SERVER_SECRET, type Clock } from './platform/persistence/persistence.tokens';
import { PlatformModule } from './platform/platform.module';
import { SystemModule } from './modules/system/system.module';
import { AdminAuthModule } from './modules/admin-auth/admin-auth.module';
import { CatalogModule } from './modules/catalog/catalog.module';
import { NotificationsModule } from './modules/notifications/notifications.module';
import { PaymentsModule } from './modules/payments/payments.module';
import { OrderingModule } from './modules/ordering/ordering.module';
import { ReportingModule } from './modules/reporting/reporting.module';
import { ShippingModule } from './modules/shipping/shipping.module';
import { OrderHistoryModule } from './modules/order-history/order-history.module';
import { ProductHistoryModule } from './modules/product-history/product-history.module';
import { SystemMonitorModule } from './modules/system-monitor/system-monitor.module';
import { PicturesModule } from './modules/pictures/pictures.module';
import { StorefrontModule } from './modules/storefront';

/** The business capabilities, in the order their dependencies need. */
export const BUSINESS_MODULES: Type[] = [
  SystemModule,
  AdminAuthModule,
  CatalogModule,
  NotificationsModule,
  PaymentsModule,
  OrderingModule,
  ReportingModule,
  ShippingModule,
  OrderHistoryModule,
  ProductHistoryModule,
  SystemMonitorModule,
  PicturesModule,
  StorefrontModule,
];

@Module({})
export class AppModule {
  /** `clock` replaces the system clock (tests move time on purpose). */
  static register(config: AppConfig, clock?: Clock): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [PlatformModule.register(clock), ...BUSINESS_MODULES],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: SERVER_SECRET, useFactory: () => serverSecret(config) },
      ],
      exports: [APP_CONFIG, SERVER_SECRET],
    };
  }
}
