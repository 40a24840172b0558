import { Module, type OnModuleInit } from '@nestjs/common';
import { ProjectionRegistry } from '../../platform/projections/projection-registry';
import { CatalogModule } from '../catalog';
import { NotificationsModule } from '../notifications';
import { AdminWaitlistController } from './back-in-stock/admin-waitlist.controller';
import { BackInStockController, NotifyMeAttempts } from './back-in-stock/back-in-stock.controller';
import { BackInStockConfirmationMailer, BackInStockEmailer, BackInStockWatcher } from './back-in-stock/back-in-stock.process-managers';
import { BackInStock } from './back-in-stock/back-in-stock.service';
import { WaitingCountsHandler } from './back-in-stock/waiting-counts.query';
import { WaitlistProjection } from './back-in-stock/waitlist.projection';

/**
 * "Tell me when it's back": a beer's waiting list (sign-up, confirmation by e-mail, removal), the e-mails when
 * the beer is back or released, and the operator's view of who waits.
 */
@Module({
  imports: [CatalogModule, NotificationsModule],
  controllers: [BackInStockController, AdminWaitlistController],
  providers: [
    BackInStock,
    NotifyMeAttempts,
    WaitlistProjection,
    WaitingCountsHandler,
    BackInStockWatcher,
    BackInStockEmailer,
    BackInStockConfirmationMailer,
  ],
})
export class WaitlistsModule implements OnModuleInit {
  constructor(
    private readonly registry: ProjectionRegistry,
    private readonly waitlists: WaitlistProjection,
    private readonly watcher: BackInStockWatcher,
    private readonly emailer: BackInStockEmailer,
    private readonly confirmationMailer: BackInStockConfirmationMailer,
  ) {}

  onModuleInit(): void {
    this.registry.registerProjection(this.waitlists);
    this.registry.registerProcessManager(this.watcher);
    this.registry.registerProcessManager(this.emailer);
    this.registry.registerProcessManager(this.confirmationMailer);
  }
}
