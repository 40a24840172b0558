import { DeciderSpecification } from '../../../shared-kernel/decider-specification';
import { FIRST_OWNER_ID, staffRosterDecider, type StaffRosterEvent } from './staff-roster.decider';

const roster = DeciderSpecification.for(staffRosterDecider);
const NOW = '2026-11-23T01:00:00.000Z';
const LATER = '2026-11-26T01:00:00.000Z';

const owner: StaffRosterEvent = {
  type: 'StaffOwnerEstablished',
  data: { staffId: FIRST_OWNER_ID, email: 'owner@shop.example', name: 'Owner' },
};
const p1Gone: StaffRosterEvent = { type: 'StaffDeactivated', data: { staffId: 'p1' } };
const invited = (
  staffId: string,
  email: string,
  role: 'owner' | 'manager' | 'packer' = 'packer',
  tokenHash = `hash-${staffId}`,
): StaffRosterEvent => ({
  type: 'StaffInvited',
  data: { staffId, email, name: `Person ${staffId}`, role, tokenHash, expiresAt: LATER },
});
const joined = (staffId: string): StaffRosterEvent => ({ type: 'StaffJoined', data: { staffId, passwordHash: `scrypt$${staffId}` } });
const invite = (staffId: string, email: string, role: 'owner' | 'manager' | 'packer' = 'packer') => ({
  type: 'InviteStaff' as const,
  staffId,
  email,
  name: `Person ${staffId}`,
  role,
  tokenHash: `hash-${staffId}`,
  expiresAt: LATER,
});

describe('the staff roster', () => {
  describe('the first owner', () => {
    it('given nothing, when the shop starts, then the owner is established with the configured e-mail', () => {
      roster.given([]).when({ type: 'EstablishOwner', email: 'owner@shop.example' }).then([owner]);
    });

    it('given the owner, when the shop starts again with the same e-mail (any case), then nothing is written', () => {
      roster.given([owner]).when({ type: 'EstablishOwner', email: 'OWNER@shop.example' }).then([]);
    });

    it('given the owner, when the shop starts with another OWNER_EMAIL, then the e-mail changes', () => {
      roster
        .given([owner])
        .when({ type: 'EstablishOwner', email: 'new@shop.example' })
        .then([{ type: 'StaffEmailChanged', data: { staffId: FIRST_OWNER_ID, email: 'new@shop.example' } }]);
    });
  });

  describe('invitations', () => {
    it('given a free e-mail, when someone is invited, then they are invited with the token hash and expiry', () => {
      roster
        .given([owner])
        .when(invite('p1', ' pat@example.com '))
        .then([invited('p1', 'pat@example.com')]);
    });

    it.each([
      ['an active person’s', [owner, invited('p1', 'pat@example.com'), joined('p1')], 'PAT@example.com'],
      ['the owner’s', [owner], 'Owner@Shop.Example'],
    ])('given %s e-mail, when someone is invited with it, then it is refused (email_taken)', (_name, history, email) => {
      roster.given(history).when(invite('p2', email)).thenThrows({ code: 'email_taken' });
    });

    it('given a person invited and not answering, when they are invited again, then the same person gets a new link', () => {
      roster
        .given([owner, invited('p1', 'pat@example.com')])
        .when(invite('p2', 'pat@example.com', 'manager'))
        .then([
          {
            type: 'StaffInvited',
            data: { staffId: 'p1', email: 'pat@example.com', name: 'Person p2', role: 'manager', tokenHash: 'hash-p2', expiresAt: LATER },
          },
        ]);
    });

    it('given a person deactivated, when their e-mail is invited again, then it is them again (one person per e-mail, one history)', () => {
      roster
        .given([owner, invited('p1', 'pat@example.com'), joined('p1'), { type: 'StaffDeactivated', data: { staffId: 'p1' } }])
        .when(invite('p9', 'pat@example.com'))
        .then([
          {
            type: 'StaffInvited',
            data: { staffId: 'p1', email: 'pat@example.com', name: 'Person p9', role: 'packer', tokenHash: 'hash-p9', expiresAt: LATER },
          },
        ]);
    });

    it('given an invitation, when it is used with its token before it expires, then the person joins with the password hash', () => {
      roster
        .given([owner, invited('p1', 'pat@example.com')])
        .when({ type: 'AcceptInvitation', staffId: 'p1', tokenHash: 'hash-p1', passwordHash: 'scrypt$p1', at: NOW })
        .then([joined('p1')]);
    });

    it.each([
      ['used already', [owner, invited('p1', 'pat@example.com'), joined('p1')], 'hash-p1', NOW],
      ['a wrong token', [owner, invited('p1', 'pat@example.com')], 'hash-other', NOW],
      ['expired', [owner, invited('p1', 'pat@example.com')], 'hash-p1', LATER],
      [
        'replaced by a newer link',
        [owner, invited('p1', 'pat@example.com'), invited('p1', 'pat@example.com', 'packer', 'hash-new')],
        'hash-p1',
        NOW,
      ],
      ['for nobody', [owner], 'hash-p1', NOW],
    ])('given an invitation %s, when it is used, then it is not found, like any other', (_name, history, tokenHash, at) => {
      roster
        .given(history)
        .when({ type: 'AcceptInvitation', staffId: 'p1', tokenHash, passwordHash: 'scrypt$x', at })
        .thenThrows({ code: 'invitation_not_found' });
    });
  });

  describe('roles and the last owner', () => {
    const team = [owner, invited('p1', 'pat@example.com'), joined('p1')];

    it('given a packer, when made a manager, then the role changes (with what it was)', () => {
      roster
        .given(team)
        .when({ type: 'ChangeStaffRole', staffId: 'p1', role: 'manager' })
        .then([{ type: 'StaffRoleChanged', data: { staffId: 'p1', role: 'manager', from: 'packer' } }]);
    });

    it('given a packer, when given the role they have, then nothing is written', () => {
      roster.given(team).when({ type: 'ChangeStaffRole', staffId: 'p1', role: 'packer' }).then([]);
    });

    it.each([
      ['demoted', { type: 'ChangeStaffRole' as const, staffId: FIRST_OWNER_ID, role: 'manager' as const }],
      ['deactivated', { type: 'DeactivateStaff' as const, staffId: FIRST_OWNER_ID }],
    ])('given one active owner, when they are %s, then it is refused (last_owner)', (_name, command) => {
      roster.given(team).when(command).thenThrows({ code: 'last_owner' });
    });

    it('given an invited owner who has not joined, when the only active owner is demoted, then it is still refused', () => {
      roster
        .given([...team, invited('p2', 'co@example.com', 'owner')])
        .when({ type: 'ChangeStaffRole', staffId: FIRST_OWNER_ID, role: 'manager' })
        .thenThrows({ code: 'last_owner' });
    });

    it('given two active owners, when one is deactivated, then they are, and the other is now the last', () => {
      const twoOwners = [...team, invited('p2', 'co@example.com', 'owner'), joined('p2')];
      roster
        .given(twoOwners)
        .when({ type: 'DeactivateStaff', staffId: FIRST_OWNER_ID })
        .then([{ type: 'StaffDeactivated', data: { staffId: FIRST_OWNER_ID } }]);
      roster
        .given([...twoOwners, { type: 'StaffDeactivated', data: { staffId: FIRST_OWNER_ID } }])
        .when({ type: 'ChangeStaffRole', staffId: 'p2', role: 'packer' })
        .thenThrows({ code: 'last_owner' });
    });

    it.each([
      ['an unknown person', [owner], { type: 'ChangeStaffRole' as const, staffId: 'nobody', role: 'manager' as const }],
      ['a deactivated person', [...team, p1Gone], { type: 'ChangeStaffRole' as const, staffId: 'p1', role: 'manager' as const }],
    ])('given %s, when their role is changed, then not found', (_name, history, command) => {
      roster.given(history).when(command).thenThrows({ code: 'staff_not_found' });
    });

    it('given a deactivated person, when deactivated again, then nothing is written', () => {
      roster
        .given([...team, { type: 'StaffDeactivated', data: { staffId: 'p1' } }])
        .when({ type: 'DeactivateStaff', staffId: 'p1' })
        .then([]);
    });
  });

  describe('the two-factor requirement', () => {
    it('given none, when an owner with codes requires them, then it is required', () => {
      roster
        .given([owner])
        .when({ type: 'RequireTwoFactor', required: true, askerUsesTwoFactor: true })
        .then([{ type: 'TwoFactorRequirementChanged', data: { required: true } }]);
    });

    it('given none, when an owner without codes requires them (they would lock themselves out), then it is refused', () => {
      roster
        .given([owner])
        .when({ type: 'RequireTwoFactor', required: true, askerUsesTwoFactor: false })
        .thenThrows({ code: 'own_two_factor_first' });
    });

    it('given it required, when it is required again or lifted by anyone, then again nothing / it is lifted', () => {
      const required: StaffRosterEvent = { type: 'TwoFactorRequirementChanged', data: { required: true } };
      roster.given([owner, required]).when({ type: 'RequireTwoFactor', required: true, askerUsesTwoFactor: false }).then([]);
      roster
        .given([owner, required])
        .when({ type: 'RequireTwoFactor', required: false, askerUsesTwoFactor: false })
        .then([{ type: 'TwoFactorRequirementChanged', data: { required: false } }]);
    });
  });
});
