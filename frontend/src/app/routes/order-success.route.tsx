import { useCart } from '@/features/cart/use-cart';
import { OrderSuccessPage } from '@/features/order-success/order-success-page';
import { paths } from '../paths';

export function Component() {
  const { clear } = useCart();
  return <OrderSuccessPage onOrderConfirmed={clear} shopHref={paths.shop.getHref()} homeHref={paths.home.getHref()} />;
}
