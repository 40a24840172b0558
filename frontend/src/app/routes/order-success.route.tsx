import { useCallback } from 'react';
import { useLocation } from 'react-router-dom';
import { useCart } from '@/features/cart/use-cart';
import { forgetPaidPack } from '@/features/checkout/saved-checkout';
import { OrderSuccessPage } from '@/features/order-success/order-success-page';
import { LAST_ORDER_RESULT_KEY } from '@/shared/config/storage-keys';
import { paths } from '../paths';

export function Component() {
  const { clear } = useCart();
  const location = useLocation();
  const confirmed = useCallback(() => {
    clear();
    forgetPaidPack();
    window.sessionStorage.setItem(LAST_ORDER_RESULT_KEY, `${location.pathname}${location.search}`);
  }, [clear, location.pathname, location.search]);
  return <OrderSuccessPage onOrderConfirmed={confirmed} shopHref={paths.shop.getHref()} homeHref={paths.home.getHref()} />;
}
