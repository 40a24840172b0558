import { DeliveryPage } from '@/features/shop-policies';
import { paths } from '../paths';

export function Component() {
  return <DeliveryPage path={paths.delivery.getHref()} orderStatusHref={paths.orderStatus.getHref()} />;
}
