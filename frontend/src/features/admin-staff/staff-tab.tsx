import { Alert, Skeleton, Switch } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { useAdminMe } from '@/shared/api/admin-me/get-admin-me';
import { useToast } from '@/shared/ui/toast/use-toast';
import { useRequireTwoFactor, useStaff } from './api/get-staff';
import { ActivitySection } from './activity-section';
import { InviteForm } from './invite-form';
import { StaffTable } from './staff-table';
import './staff.css';

export const REQUIRE_TWO_FACTOR = 'Require two-factor codes for owners and managers';

/**
 * The owner's switch for two-factor codes: on, every owner and manager must use them (one without is shown only
 * My account until they set theirs up). The server refuses it to an owner without codes of their own (409
 * `own_two_factor_first`), whose words show under the switch.
 */
function TwoFactorRequirement({ required }: { required: boolean }) {
  const require = useRequireTwoFactor();
  const toast = useToast();
  const [refusal, setRefusal] = useState<string | null>(null);
  const change = (next: boolean) => {
    setRefusal(null);
    require.mutate(next, {
      onSuccess: () =>
        toast.success(
          next ? 'Two-factor codes required' : 'Two-factor codes optional',
          next ? 'Owners and managers must use them' : undefined,
        ),
      onError: (error) => setRefusal(errorMessage(error)),
    });
  };
  return (
    <div className="staff-require">
      <div className="staff-require__row">
        <Switch id="staff-require-two-factor" checked={required} loading={require.isPending} onChange={change} />
        <label htmlFor="staff-require-two-factor">{REQUIRE_TWO_FACTOR}</label>
      </div>
      {refusal === null ? null : <Alert type="warning" showIcon title={refusal} className="staff-require__refusal" />}
    </div>
  );
}

/** The Staff tab (owners): who can sign in, inviting someone, roles, sessions, two-factor codes, and the activity trail. */
export function StaffTab() {
  const staff = useStaff();
  const me = useAdminMe();
  const list = staff.data?.staff ?? [];
  return (
    <section className="staff" aria-labelledby="staff-title">
      <header className="staff__header">
        <h2 id="staff-title" className="staff__title">
          Staff
        </h2>
        <p className="staff__muted">Who can sign in to the admin, and what their role lets them do.</p>
      </header>
      <InviteForm />
      {staff.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : staff.isError ? (
        <Alert type="error" showIcon title="The staff could not be loaded" description={errorMessage(staff.error)} />
      ) : (
        <>
          <TwoFactorRequirement required={staff.data?.twoFactorRequired === true} />
          <StaffTable staff={list} meId={me.data?.id ?? null} />
        </>
      )}
      <ActivitySection staff={list} />
    </section>
  );
}
