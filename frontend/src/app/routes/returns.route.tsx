import { ReturnsPage } from '@/features/shop-policies';
import { useConfig } from '@/shared/api/config/get-config';
import { paths } from '../paths';

export function Component() {
  const { data: config } = useConfig();
  return <ReturnsPage path={paths.returns.getHref()} orderStatusHref={paths.orderStatus.getHref()} shopEmail={config?.shopEmail} />;
}
