import { LaptopOutlined, SafetyOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Drawer, Modal, Select, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { useMediaQuery } from '@/shared/browser/use-media-query';
import { perthDateTime } from '@/shared/format/perth-date-time';
import { staffRoleLabel } from '@/shared/format/staff-role';
import { useToast } from '@/shared/ui/toast/use-toast';
import { useChangeRole, useDeactivateStaff, useResetTwoFactor, type StaffMember, type StaffRole } from './api/get-staff';
import { ROLE_OPTIONS } from './role-text';
import { SessionsList } from './sessions-list';

/** Below this width each person is a card, not a table wider than the phone. */
export const STAFF_CARDS_QUERY = '(max-width: 599px)';

export interface StaffTableProps {
  staff: readonly StaffMember[];
  /** The signed-in owner's id, to mark their own line; null while not known. */
  meId: string | null;
}

function statusTag(member: StaffMember) {
  switch (member.status) {
    case 'active':
      return <Tag color="green">Active</Tag>;
    case 'invited':
      return <Tag color="gold">Invited</Tag>;
    case 'deactivated':
      return <Tag>Deactivated</Tag>;
  }
}

/** When an invitation stops working, said beside its tag. */
function invitedUntil(member: StaffMember): string | null {
  return member.status === 'invited' && member.invitationExpiresAt !== null
    ? `link works until ${perthDateTime(member.invitationExpiresAt)}`
    : null;
}

const lastSignIn = (member: StaffMember) =>
  member.lastSignInAt === null ? 'Never' : <time dateTime={member.lastSignInAt}>{perthDateTime(member.lastSignInAt)}</time>;

const twoFactorTag = (member: StaffMember) => (member.twoFactor ? <Tag color="blue">On</Tag> : <Tag>Off</Tag>);

/**
 * Everyone on the staff: name, e-mail, role (changed in place), status, last sign-in (Perth time) and two-factor
 * codes, with what the owner can do about each person: their sessions, a reset of their codes (a lost phone), and
 * deactivation (asked first). On a phone each person is a card.
 */
export function StaffTable({ staff, meId }: StaffTableProps) {
  const cards = useMediaQuery(STAFF_CARDS_QUERY);
  const changeRole = useChangeRole();
  const deactivate = useDeactivateStaff();
  const resetTwoFactor = useResetTwoFactor();
  const toast = useToast();
  // The confirmations render through this table's own holder, inside the admin's theme.
  const [modal, modalHolder] = Modal.useModal();
  const [sessionsOf, setSessionsOf] = useState<StaffMember | null>(null);

  const setRole = (member: StaffMember, role: StaffRole) =>
    changeRole.mutate(
      { staffId: member.id, role },
      {
        onSuccess: () => toast.success('Role changed', `${member.name} is now ${staffRoleLabel(role).toLowerCase()}`),
        onError: (error) => toast.error('The role could not be changed', errorMessage(error)),
      },
    );

  const confirmDeactivate = (member: StaffMember) =>
    void modal.confirm({
      title: `Deactivate ${member.name}?`,
      content:
        member.status === 'invited'
          ? 'Their invitation stops working. What they did stays in the history.'
          : 'They are signed out everywhere at once and can no longer sign in. What they did stays in the history.',
      okText: 'Deactivate',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () =>
        deactivate.mutateAsync(member.id).then(
          () => toast.success('Deactivated', `${member.name} can no longer sign in`),
          (error: unknown) => toast.error('They could not be deactivated', errorMessage(error)),
        ),
    });

  const confirmReset = (member: StaffMember) =>
    void modal.confirm({
      title: `Reset the two-factor codes of ${member.name}?`,
      content: 'For a lost phone: their codes and recovery codes stop working, and they set them up again after their next sign-in.',
      okText: 'Reset two-factor',
      cancelText: 'Cancel',
      onOk: () =>
        resetTwoFactor.mutateAsync(member.id).then(
          () => toast.success('Two-factor codes reset', `${member.name} sets them up again after signing in`),
          (error: unknown) => toast.error('The codes could not be reset', errorMessage(error)),
        ),
    });

  const roleSelect = (member: StaffMember) => (
    <Select<StaffRole>
      aria-label={`Role for ${member.name}`}
      className="staff-table__role"
      value={member.role}
      options={ROLE_OPTIONS}
      disabled={member.status === 'deactivated' || (changeRole.isPending && changeRole.variables.staffId === member.id)}
      onChange={(role) => setRole(member, role)}
    />
  );

  const actions = (member: StaffMember) => (
    <div className="staff-table__actions">
      {member.status === 'active' ? (
        <Button
          size="small"
          icon={<LaptopOutlined aria-hidden />}
          onClick={() => setSessionsOf(member)}
          aria-label={`Sessions of ${member.name}`}
        >
          Sessions
        </Button>
      ) : null}
      {member.twoFactor && member.status !== 'deactivated' ? (
        <Button
          size="small"
          icon={<SafetyOutlined aria-hidden />}
          onClick={() => confirmReset(member)}
          aria-label={`Reset two-factor of ${member.name}`}
        >
          Reset two-factor
        </Button>
      ) : null}
      {member.status === 'deactivated' ? null : (
        <Button
          size="small"
          danger
          icon={<StopOutlined aria-hidden />}
          onClick={() => confirmDeactivate(member)}
          aria-label={`Deactivate ${member.name}`}
        >
          Deactivate
        </Button>
      )}
    </div>
  );

  const name = (member: StaffMember) => (
    <span className="staff-table__name">
      <strong>{member.name}</strong>
      {member.id === meId ? <Tag color="purple">You</Tag> : null}
    </span>
  );

  const columns: TableColumnsType<StaffMember> = [
    { title: 'Name', key: 'name', render: (_, member) => name(member) },
    { title: 'E-mail', key: 'email', render: (_, member) => <span className="staff-table__email">{member.email}</span> },
    { title: 'Role', key: 'role', render: (_, member) => roleSelect(member) },
    {
      title: 'Status',
      key: 'status',
      render: (_, member) => (
        <>
          {statusTag(member)}
          {invitedUntil(member) === null ? null : <div className="staff__muted">{invitedUntil(member)}</div>}
        </>
      ),
    },
    { title: 'Last sign-in', key: 'lastSignIn', render: (_, member) => lastSignIn(member) },
    { title: 'Two-factor', key: 'twoFactor', render: (_, member) => twoFactorTag(member) },
    { title: 'Actions', key: 'actions', render: (_, member) => actions(member) },
  ];

  const cardColumns: TableColumnsType<StaffMember> = [
    {
      title: 'People',
      key: 'card',
      render: (_, member) => (
        <article className="staff-card" aria-label={member.name}>
          <div className="staff-card__top">
            {name(member)}
            {statusTag(member)}
          </div>
          <div className="staff-table__email">{member.email}</div>
          {invitedUntil(member) === null ? null : <div className="staff__muted">Invited: {invitedUntil(member)}</div>}
          <div className="staff__muted">
            Last sign-in: {lastSignIn(member)} · Two-factor: {member.twoFactor ? 'on' : 'off'}
          </div>
          <div className="staff-card__role">{roleSelect(member)}</div>
          {actions(member)}
        </article>
      ),
    },
  ];

  return (
    <>
      {modalHolder}
      <Table<StaffMember>
        className="staff-table"
        aria-label="Staff"
        rowKey="id"
        size="small"
        columns={cards ? cardColumns : columns}
        showHeader={!cards}
        dataSource={[...staff]}
        pagination={false}
        scroll={cards ? undefined : { x: 'max-content' }}
        rowClassName={(member) => (member.status === 'deactivated' ? 'staff-table__row--deactivated' : '')}
        locale={{ emptyText: 'Nobody on the staff yet' }}
      />
      <Drawer
        open={sessionsOf !== null}
        onClose={() => setSessionsOf(null)}
        title={sessionsOf === null ? 'Sessions' : `Sessions of ${sessionsOf.name}`}
        size="min(560px, 100vw)"
        destroyOnHidden
      >
        {sessionsOf === null ? null : (
          <SessionsList of={{ kind: 'staff', staffId: sessionsOf.id }} label={`Sessions of ${sessionsOf.name}`} />
        )}
      </Drawer>
    </>
  );
}
