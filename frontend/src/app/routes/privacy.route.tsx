import { PrivacyPage } from '@/features/shop-policies';
import { useConfig } from '@/shared/api/config/get-config';
import { paths } from '../paths';

export function Component() {
  const { data: config } = useConfig();
  return <PrivacyPage path={paths.privacy.getHref()} brandName={config?.brandName ?? ''} shopEmail={config?.shopEmail} />;
}
