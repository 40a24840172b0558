import { NotFoundPage } from '@/shared/ui/not-found-page';
import { paths } from '../paths';

export function Component() {
  return <NotFoundPage homeHref={paths.home.getHref()} shopHref={paths.shop.getHref()} />;
}
