import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications';
import { CheckoutModule } from '../checkout';
import { OrderMoneyModule } from '../order-money';
import { PaymentsModule } from '../payments';
import { AutoFixController } from './auto-fix/auto-fix.controller';
import { AutoFix } from './auto-fix/auto-fix.service';
import { SystemStatusController } from './system-status/system-status.controller';
import { FailedEmails } from './failed-emails/failed-emails';
import { PaymentMatching } from './payment-matching/payment-matching';
import { ReadModelHealth } from './read-model-health/read-model-health';
import { SystemStatusService } from './system-status/system-status.service';

/** The System tab: what is healthy, what needs attention, and the fixes that are safe to apply unattended. */
@Module({
  imports: [CheckoutModule, OrderMoneyModule, NotificationsModule, PaymentsModule],
  controllers: [SystemStatusController, AutoFixController],
  providers: [SystemStatusService, ReadModelHealth, PaymentMatching, FailedEmails, AutoFix],
})
export class SystemMonitorModule {}
