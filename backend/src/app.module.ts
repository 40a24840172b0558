import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { type AppConfig, APP_CONFIG, SERVER_SECRET } from './config/app-config';
import { serverSecret } from './platform/persistence/data-dir-secret';
import { type Clock } from './platform/clock';
import { PlatformModule } from './platform/platform.module';
import { SystemModule } from './modules/system';
import { AdminAuthModule } from './modules/admin-auth';
import { CatalogModule } from './modules/catalog';
import { WaitlistsModule } from './modules/waitlists';
import { NotificationsModule } from './modules/notifications';
import { PaymentsModule } from './modules/payments';
import { OrdersModule } from './modules/orders';
import { CheckoutModule } from './modules/checkout';
import { DiscountsModule } from './modules/discounts';
import { ClubModule } from './modules/club';
import { OrderMoneyModule } from './modules/order-money';
import { OrderDeskModule } from './modules/order-desk';
import { ReportingModule } from './modules/reporting';
import { ShippingModule } from './modules/shipping';
import { OrderHistoryModule } from './modules/order-history';
import { ProductHistoryModule } from './modules/product-history';
import { StaffActivityModule } from './modules/staff-activity';
import { SystemMonitorModule } from './modules/system-monitor';
import { PicturesModule } from './modules/pictures';
import { StorefrontModule } from './modules/storefront';

/** The business capabilities, in the order their dependencies need. */
export const BUSINESS_MODULES: Type[] = [
  SystemModule,
  AdminAuthModule,
  CatalogModule,
  WaitlistsModule,
  NotificationsModule,
  PaymentsModule,
  OrdersModule,
  DiscountsModule,
  ClubModule,
  CheckoutModule,
  OrderMoneyModule,
  OrderDeskModule,
  ReportingModule,
  ShippingModule,
  OrderHistoryModule,
  ProductHistoryModule,
  StaffActivityModule,
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
