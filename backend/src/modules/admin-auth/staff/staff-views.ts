import type { StaffMember } from '@brewery/shop-rules';
import type { RosterMember } from '../domain/staff-roster.decider';
import type { StaffMemberState } from '../domain/staff-member.decider';

/** A person as the staff list shows them. */
export function staffMemberOf(member: RosterMember, own: StaffMemberState): StaffMember {
  return {
    id: member.id,
    name: member.name,
    email: member.email,
    role: member.role,
    status: member.status,
    lastSignInAt: own.sessions[0]?.signedInAt ?? null,
    twoFactor: own.twoFactor?.enabled === true,
    invitationExpiresAt: member.invitation?.expiresAt ?? null,
  };
}
