import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCart } from '@/features/cart/use-cart';
import { CheckoutPage } from '@/features/checkout/checkout-page';
import type { PaymentRedirectStatus } from '@/features/checkout/checkout-messages';
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
  return (
    <CheckoutPage
      cartLines={cart.lines}
      onInvalidPack={backToShop}
      onPaymentComplete={toOrderResult}
      returnUrl={new URL(paths.orderSuccess.getHref(), window.location.origin).href}
    />
  );
}
