import { ClubPage } from '@/features/club/club-page';
import { paths } from '../paths';

export function Component() {
  return <ClubPage manageHref={paths.clubManage.getHref} />;
}
