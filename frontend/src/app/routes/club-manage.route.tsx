import { ClubManagePage } from '@/features/club/club-manage-page';
import { paths } from '../paths';

export function Component() {
  return <ClubManagePage clubHref={paths.club.getHref()} />;
}
