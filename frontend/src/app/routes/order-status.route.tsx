import { OrderStatusPage } from '@/features/order-status';
import { paths } from '../paths';

export function Component() {
  return <OrderStatusPage shopHref={paths.shop.getHref()} />;
}
