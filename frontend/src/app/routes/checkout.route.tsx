import { useCallback } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useCart } from '@/features/cart/use-cart';
import { CheckoutPage } from '@/features/checkout/checkout-page';
import type { PaymentRedirectStatus } from '@/features/checkout/checkout-messages';
import type { PaidIntent } from '@/features/checkout/use-payment-outcome';
import { LAST_ORDER_RESULT_KEY } from '@/shared/config/storage-keys';
import { paths } from '../paths';

/** As Stripe writes its return address: the intent, its client secret (the key to asking how it went), the status. */
function orderResultHref(payment: PaidIntent, status: PaymentRedirectStatus): string {
  const query = new URLSearchParams({
    payment_intent: payment.id,
    payment_intent_client_secret: payment.clientSecret,
    redirect_status: status,
  });
  return `${paths.orderSuccess.getHref()}?${query.toString()}`;
}

export function Component() {
  const cart = useCart();
  const navigate = useNavigate();
  const backToShop = useCallback(() => void navigate(paths.shop.getHref(), { replace: true }), [navigate]);
  const toOrderResult = useCallback(
    (payment: PaidIntent, status: PaymentRedirectStatus) => void navigate(orderResultHref(payment, status)),
    [navigate],
  );
  // Back from the order result after paying: the pack is empty because it was bought, not by mistake.
  const lastResult = cart.lines.length === 0 ? window.sessionStorage.getItem(LAST_ORDER_RESULT_KEY) : null;
  if (lastResult !== null && lastResult.startsWith(`${paths.orderSuccess.getHref()}?`)) return <Navigate to={lastResult} replace />;
  return (
    <CheckoutPage
      cartLines={cart.lines}
      onInvalidPack={backToShop}
      onPaymentComplete={toOrderResult}
      returnUrl={new URL(paths.orderSuccess.getHref(), window.location.origin).href}
    />
  );
}
