import { Alert, Card, Descriptions, Skeleton } from 'antd';
import { errorMessage } from '@/shared/api/api-error';
import { useAdminMe } from '@/shared/api/admin-me/get-admin-me';
import { staffRoleLabel } from '@/shared/format/staff-role';
import { roleSummary } from './role-text';
import { SessionsList } from './sessions-list';
import { TwoFactorCard } from './two-factor-card';
import './staff.css';

export const SETUP_REQUIRED_TITLE = 'Set up two-factor codes to open the rest of the admin';

/**
 * My account (everyone): who I am and what my role lets me do, my two-factor codes, and where I am signed in. While
 * the owner requires codes and I have none, this is all the admin shows, with why.
 */
export function AccountTab() {
  const me = useAdminMe();
  if (me.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (me.isError || me.data === null)
    return (
      <Alert type="error" showIcon title="Your account could not be loaded" description={me.isError ? errorMessage(me.error) : undefined} />
    );
  const person = me.data;
  const setupRequired = person.twoFactor.required && !person.twoFactor.enabled;
  return (
    <section className="staff" aria-labelledby="account-title">
      <header className="staff__header">
        <h2 id="account-title" className="staff__title">
          My account
        </h2>
      </header>
      {setupRequired ? (
        <Alert
          type="warning"
          showIcon
          title={SETUP_REQUIRED_TITLE}
          description="The owner requires two-factor codes for owners and managers. Set yours up below; the other tabs open as soon as they are on."
        />
      ) : null}
      <Card title="Me" size="small">
        <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
          <Descriptions.Item label="Name">{person.name}</Descriptions.Item>
          <Descriptions.Item label="E-mail">
            <span className="staff-table__email">{person.email}</span>
          </Descriptions.Item>
          <Descriptions.Item label="Role">{staffRoleLabel(person.role)}</Descriptions.Item>
          <Descriptions.Item label="May">{roleSummary(person.role)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <TwoFactorCard me={person} />
      <Card title="My sessions" size="small">
        <p className="staff__muted">Where you are signed in. End a session you do not recognise, or one on a device you no longer have.</p>
        <SessionsList of={{ kind: 'me' }} label="My sessions" />
      </Card>
    </section>
  );
}
