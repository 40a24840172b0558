import type { DomainEvent } from '@brewery/eventstore';
import type { StaffRole } from '@brewery/shop-rules';
import type { Decider } from '../../../shared-kernel/decider';
import { StaffErrors } from './staff.errors';

/**
 * The staff roster: who works here, with which role, and who is invited or gone. Its rules span people (the
 * last owner stays an owner; an e-mail belongs to one person), so they are decided on this one stream,
 * `staff-roster`; each person's own credentials and sign-ins live on their `staff-<id>` stream.
 */
export const STAFF_ROSTER_STREAM = 'staff-roster';

/** The owner made from the shop's configuration at first start (ADMIN_PASSWORD, OWNER_EMAIL or SHOP_EMAIL). */
export const FIRST_OWNER_ID = 'owner';

export type StaffOwnerEstablished = DomainEvent<'StaffOwnerEstablished', { staffId: string; email: string; name: string }>;
export type StaffEmailChanged = DomainEvent<'StaffEmailChanged', { staffId: string; email: string }>;
export type StaffInvited = DomainEvent<
  'StaffInvited',
  { staffId: string; email: string; name: string; role: StaffRole; tokenHash: string; expiresAt: string }
>;
/** The invitation was used: the person set their password (its scrypt hash) and joined. */
export type StaffJoined = DomainEvent<'StaffJoined', { staffId: string; passwordHash: string }>;
export type StaffRoleChanged = DomainEvent<'StaffRoleChanged', { staffId: string; role: StaffRole; from: StaffRole }>;
export type StaffDeactivated = DomainEvent<'StaffDeactivated', { staffId: string }>;
export type TwoFactorRequirementChanged = DomainEvent<'TwoFactorRequirementChanged', { required: boolean }>;

export type StaffRosterEvent =
  | StaffOwnerEstablished
  | StaffEmailChanged
  | StaffInvited
  | StaffJoined
  | StaffRoleChanged
  | StaffDeactivated
  | TwoFactorRequirementChanged;

export const STAFF_ROSTER_EVENT_TYPES: readonly StaffRosterEvent['type'][] = [
  'StaffOwnerEstablished',
  'StaffEmailChanged',
  'StaffInvited',
  'StaffJoined',
  'StaffRoleChanged',
  'StaffDeactivated',
  'TwoFactorRequirementChanged',
];

export type StaffRosterCommand =
  | { type: 'EstablishOwner'; email: string }
  | { type: 'InviteStaff'; staffId: string; email: string; name: string; role: StaffRole; tokenHash: string; expiresAt: string }
  | { type: 'AcceptInvitation'; staffId: string; tokenHash: string; passwordHash: string; at: string }
  | { type: 'ChangeStaffRole'; staffId: string; role: StaffRole }
  | { type: 'DeactivateStaff'; staffId: string }
  /** `askerUsesTwoFactor`: whether the owner asking has their own codes on (else they would lock themselves out). */
  | { type: 'RequireTwoFactor'; required: boolean; askerUsesTwoFactor: boolean };

export interface RosterMember {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  status: 'invited' | 'active' | 'deactivated';
  /** The password set when the invitation was used (the first owner's comes from the configuration). */
  joinedPasswordHash: string | null;
  /**
   * How many times they joined: someone who left and is invited again starts afresh, so nothing from before (a
   * password changed then, a token of then) counts once they join again.
   */
  generation: number;
  invitation: { tokenHash: string; expiresAt: string } | null;
}

export interface StaffRosterState {
  members: Readonly<Record<string, RosterMember>>;
  twoFactorRequired: boolean;
}

/** E-mails are compared as people type them: case and surrounding spaces do not make another address. */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

export function memberByEmail(state: StaffRosterState, email: string): RosterMember | undefined {
  return Object.values(state.members).find((member) => sameEmail(member.email, email));
}

function activeOwners(state: StaffRosterState): number {
  return Object.values(state.members).filter((m) => m.role === 'owner' && m.status === 'active').length;
}

function put(state: StaffRosterState, member: RosterMember): StaffRosterState {
  return { ...state, members: { ...state.members, [member.id]: member } };
}

/** A person by id; never a property every object has (`constructor`, `toString`). */
export function memberById(state: StaffRosterState, staffId: string): RosterMember | undefined {
  return Object.hasOwn(state.members, staffId) ? state.members[staffId] : undefined;
}

function existing(state: StaffRosterState, staffId: string): RosterMember {
  const member = memberById(state, staffId);
  if (member === undefined) throw StaffErrors.notFound();
  return member;
}

export const staffRosterDecider: Decider<StaffRosterState, StaffRosterCommand, StaffRosterEvent> = {
  initialState: { members: {}, twoFactorRequired: false },

  evolve: (state, event) => {
    switch (event.type) {
      case 'StaffOwnerEstablished':
        return put(state, {
          id: event.data.staffId,
          email: event.data.email,
          name: event.data.name,
          role: 'owner',
          status: 'active',
          joinedPasswordHash: null,
          invitation: null,
          generation: 1,
        });
      case 'StaffEmailChanged': {
        const member = state.members[event.data.staffId];
        return member === undefined ? state : put(state, { ...member, email: event.data.email });
      }
      case 'StaffInvited': {
        const before = state.members[event.data.staffId];
        return put(state, {
          id: event.data.staffId,
          email: event.data.email,
          name: event.data.name,
          role: event.data.role,
          status: 'invited',
          joinedPasswordHash: before?.joinedPasswordHash ?? null,
          invitation: { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt },
          generation: before?.generation ?? 0,
        });
      }
      case 'StaffJoined': {
        const member = state.members[event.data.staffId];
        return member === undefined
          ? state
          : put(state, {
              ...member,
              status: 'active',
              joinedPasswordHash: event.data.passwordHash,
              invitation: null,
              generation: member.generation + 1,
            });
      }
      case 'StaffRoleChanged': {
        const member = state.members[event.data.staffId];
        return member === undefined ? state : put(state, { ...member, role: event.data.role });
      }
      case 'StaffDeactivated': {
        const member = state.members[event.data.staffId];
        return member === undefined ? state : put(state, { ...member, status: 'deactivated', invitation: null });
      }
      case 'TwoFactorRequirementChanged':
        return { ...state, twoFactorRequired: event.data.required };
    }
  },

  decide: (command, state) => {
    switch (command.type) {
      case 'EstablishOwner': {
        const owner = state.members[FIRST_OWNER_ID];
        if (owner === undefined)
          return [{ type: 'StaffOwnerEstablished', data: { staffId: FIRST_OWNER_ID, email: command.email, name: 'Owner' } }];
        return sameEmail(owner.email, command.email)
          ? []
          : [{ type: 'StaffEmailChanged', data: { staffId: FIRST_OWNER_ID, email: command.email } }];
      }
      case 'InviteStaff': {
        const holder = memberByEmail(state, command.email);
        // The same person again (gone, or never answered): invited afresh under their own id, so their history
        // stays one. Anyone else's address is refused.
        if (holder !== undefined && holder.status === 'active') throw StaffErrors.emailTaken();
        const staffId = holder?.id ?? command.staffId;
        if (holder === undefined && memberById(state, staffId) !== undefined) throw StaffErrors.emailTaken();
        return [
          {
            type: 'StaffInvited',
            data: {
              staffId,
              email: command.email.trim(),
              name: command.name,
              role: command.role,
              tokenHash: command.tokenHash,
              expiresAt: command.expiresAt,
            },
          },
        ];
      }
      case 'AcceptInvitation': {
        const member = memberById(state, command.staffId);
        const invitation = member?.invitation;
        // Unknown, used, replaced, expired or for someone else: all the same "not found", so nothing is learnt.
        if (
          member === undefined ||
          member.status !== 'invited' ||
          invitation === null ||
          invitation === undefined ||
          invitation.tokenHash !== command.tokenHash ||
          Date.parse(invitation.expiresAt) <= Date.parse(command.at)
        ) {
          throw StaffErrors.invitationNotFound();
        }
        return [{ type: 'StaffJoined', data: { staffId: member.id, passwordHash: command.passwordHash } }];
      }
      case 'ChangeStaffRole': {
        const member = existing(state, command.staffId);
        if (member.status === 'deactivated') throw StaffErrors.notFound();
        if (member.role === command.role) return [];
        if (member.role === 'owner' && member.status === 'active' && activeOwners(state) === 1) throw StaffErrors.lastOwner();
        return [{ type: 'StaffRoleChanged', data: { staffId: member.id, role: command.role, from: member.role } }];
      }
      case 'DeactivateStaff': {
        const member = existing(state, command.staffId);
        if (member.status === 'deactivated') return [];
        if (member.role === 'owner' && member.status === 'active' && activeOwners(state) === 1) throw StaffErrors.lastOwner();
        return [{ type: 'StaffDeactivated', data: { staffId: member.id } }];
      }
      case 'RequireTwoFactor':
        if (command.required && !state.twoFactorRequired && !command.askerUsesTwoFactor) throw StaffErrors.ownTwoFactorFirst();
        return state.twoFactorRequired === command.required
          ? []
          : [{ type: 'TwoFactorRequirementChanged', data: { required: command.required } }];
    }
  },
};
