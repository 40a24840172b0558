import { PERMISSIONS, ROLE_PERMISSIONS, STAFF_ROLES, type Permission, type StaffRole } from '@brewery/shop-rules';
import { staffRoleLabel } from '@/shared/format/staff-role';

const EVERY_PERMISSION = Object.keys(PERMISSIONS) as Permission[];

/** The roles as a select offers them, in the table's order. */
export const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: staffRoleLabel(role) }));

/**
 * What a role may do, in words, read from the one table of permissions (`ROLE_PERMISSIONS`): "Everything", what it
 * may do besides, or what it may not.
 */
export function roleSummary(role: StaffRole): string {
  const granted = ROLE_PERMISSIONS[role];
  const missing = EVERY_PERMISSION.filter((permission) => !granted.includes(permission));
  if (missing.length === 0) return 'Everything, the staff included.';
  if (missing.length < granted.length) return `Everything but: ${missing.map((permission) => PERMISSIONS[permission]).join('; ')}.`;
  return `${granted
    .filter((permission) => permission !== 'self')
    .map((permission) => PERMISSIONS[permission])
    .join('; ')}.`;
}
