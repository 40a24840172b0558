import { ROLE_PERMISSIONS, type AdminMe, type StaffRole } from '@brewery/shop-rules';
import type { ReactElement } from 'react';
import { AdminPermissionsContext } from '@/shared/admin-access/admin-permissions';

const PEOPLE: Readonly<Record<StaffRole, { name: string; email: string }>> = {
  owner: { name: 'Olive Owner', email: 'olive@example.com' },
  manager: { name: 'Max Manager', email: 'max@example.com' },
  packer: { name: 'Paula Pack', email: 'paula@example.com' },
};

/** `GET /api/admin/me` for a person of this role, their permissions read from the one table; tests override the rest. */
export function adminMeFixture(role: StaffRole = 'owner', overrides: Partial<AdminMe> = {}): AdminMe {
  return {
    id: `${role}-1`,
    ...PEOPLE[role],
    role,
    permissions: [...ROLE_PERMISSIONS[role]],
    twoFactor: { enabled: false, required: false },
    sessionId: 'session-1',
    ...overrides,
  };
}

/** A screen as a person of this role sees it inside the admin: with their permissions provided, as the admin page does. */
export function asRole(role: StaffRole, ui: ReactElement): ReactElement {
  return <AdminPermissionsContext value={ROLE_PERMISSIONS[role]}>{ui}</AdminPermissionsContext>;
}
