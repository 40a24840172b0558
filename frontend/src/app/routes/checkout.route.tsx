import { useCallback } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useCart } from '@/features/cart/use-cart';
import { CheckoutPage } from '@/features/checkout/checkout-page';
import type { PaymentRedirectStatus } from '@/features/checkout/checkout-messages';
import { LAST_ORDER_RESULT_KEY } from '@/shared/config/storage-keys';
import { paths } from '../paths';

function orderResultHref(paymentIntentId: string, status: PaymentRedirectStatus): string {
  const query = new URLSearchParams({ payment_intent: paymentIntentId, redirect_status: status });
  return `${paths.orderSuccess.getHref()}?${query.toString()}`;
}

export function Component() {
  const cart = useCart();
  const navigate = useNavigate();
  const backToShop = useCallback(() => void navigate(paths.shop.getHref(), { replace: true }), [navigate]);
  const toOrderResult = useCallback(
    (paymentIntentId: string, status: PaymentRedirectStatus) => void navigate(orderResultHref(paymentIntentId, status)),
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
