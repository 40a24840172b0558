import { NotFoundPage } from '@/features/layout/not-found-page';
import { paths } from '../paths';

export function Component() {
  return <NotFoundPage homeHref={paths.home.getHref()} shopHref={paths.shop.getHref()} />;
}
