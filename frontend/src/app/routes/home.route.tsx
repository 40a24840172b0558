import { HomePage } from '@/features/home/home-page';
import { paths } from '../paths';

export function Component() {
  return <HomePage shopHref={paths.shop.getHref()} />;
}
