import { useSearchParams } from 'react-router-dom';
import { ChoosePasswordPage } from '@/features/admin-session';
import { paths } from '../paths';

/** `/admin/reset-password?token=…`: the reset e-mail's link, where a person chooses a new password. */
export function Component() {
  const [searchParams] = useSearchParams();
  return <ChoosePasswordPage kind="reset" token={searchParams.get('token')} signInHref={paths.admin.getHref()} />;
}
