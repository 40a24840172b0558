import { useSearchParams } from 'react-router-dom';
import { ChoosePasswordPage } from '@/features/admin-session';
import { paths } from '../paths';

/** `/admin/accept-invite?token=…`: the invitation e-mail's link, where a new person chooses their password. */
export function Component() {
  const [searchParams] = useSearchParams();
  return <ChoosePasswordPage kind="invite" token={searchParams.get('token')} signInHref={paths.admin.getHref()} />;
}
