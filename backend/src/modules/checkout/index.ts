/** What other parts of the server may use from checkout. */
export { CheckoutModule } from './checkout.module';
export { CheckoutCancellation } from './checkout-cancellation/checkout-cancellation.service';
export { ReservationExpiry } from './reservation-expiry/reservation-expiry.service';
export { CheckoutAdmission } from './checkout-admission/checkout-admission.service';
