import { Module, type OnModuleInit } from '@nestjs/common';
import { ProjectionRegistry } from '../../platform/projections/projection-registry';
import { CatalogModule } from '../catalog';
import { OrdersModule } from '../orders';
import { DiscountsModule } from '../discounts';
import { ClubModule } from '../club';
import { PaymentsModule } from '../payments';
import { CheckoutAdmission } from './checkout-admission/checkout-admission.service';
import { CheckoutCancellation } from './checkout-cancellation/checkout-cancellation.service';
import { CheckoutHoldsProjection } from './checkout-holds/checkout-holds.projection';
import { CheckoutService } from './checkout/checkout.service';
import { CreatePaymentIntentController } from './checkout/create-payment-intent.controller';
import { ReservationExpiry } from './reservation-expiry/reservation-expiry.service';
import { DiscountCheckAttempts, DiscountCheckController } from './discount-check/discount-check.controller';
import { DiscountPreview } from './discount-check/discount-preview.service';
import { ClubOrderEndingProcessManager } from './checkout-cancellation/club-order-ending.process-manager';

/**
 * Checkout: who may check out now (admission), the pack priced and its cans held, the payment opened, a checkout
 * resumed or replaced by a newer one from the same browser, and ended when its hold runs out.
 */
@Module({
  imports: [CatalogModule, PaymentsModule, OrdersModule, DiscountsModule, ClubModule],
  controllers: [CreatePaymentIntentController, DiscountCheckController],
  providers: [
    DiscountPreview,
    DiscountCheckAttempts,
    CheckoutService,
    CheckoutAdmission,
    CheckoutCancellation,
    CheckoutHoldsProjection,
    ReservationExpiry,
    ClubOrderEndingProcessManager,
  ],
  exports: [CheckoutAdmission, CheckoutCancellation, ReservationExpiry],
})
export class CheckoutModule implements OnModuleInit {
  constructor(
    private readonly registry: ProjectionRegistry,
    private readonly holds: CheckoutHoldsProjection,
    private readonly clubOrderEnding: ClubOrderEndingProcessManager,
  ) {}

  onModuleInit(): void {
    this.registry.registerProjection(this.holds);
    this.registry.registerProcessManager(this.clubOrderEnding);
  }
}
