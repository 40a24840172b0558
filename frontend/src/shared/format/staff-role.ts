import type { StaffRole } from '@brewery/shop-rules';

const ROLE_LABELS: Readonly<Record<StaffRole, string>> = { owner: 'Owner', manager: 'Manager', packer: 'Packer' };

/** A role as a heading or an option reads it: "Owner", "Manager", "Packer". */
export function staffRoleLabel(role: StaffRole): string {
  return ROLE_LABELS[role];
}
