import { DeciderSpecification } from '../../../shared-kernel/decider-specification';
import { staffMemberDecider, type SignIn, type StaffMemberEvent } from './staff-member.decider';

const member = DeciderSpecification.for(staffMemberDecider);
const NOW = '2026-11-23T01:00:00.000Z';
const LATER = '2026-11-23T01:31:00.000Z';

const signIn = (secondFactor: SignIn['secondFactor'], sessionId = 's-1'): SignIn => ({
  type: 'SignIn',
  sessionId,
  at: NOW,
  expiresAt: '2026-11-23T09:00:00.000Z',
  client: 'Firefox',
  secondFactor,
});
const signedIn = (totpStep: number | null, recoveryCodeHash: string | null, sessionId = 's-1'): StaffMemberEvent => ({
  type: 'StaffSignedIn',
  data: { sessionId, signedInAt: NOW, expiresAt: '2026-11-23T09:00:00.000Z', client: 'Firefox', totpStep, recoveryCodeHash },
});
const started: StaffMemberEvent = { type: 'TwoFactorEnrolmentStarted', data: { sealedSecret: 'v1.sealed' } };
const enabled: StaffMemberEvent = { type: 'TwoFactorEnabled', data: { recoveryCodeHashes: ['r1', 'r2'], totpStep: 100 } };
const changed: StaffMemberEvent = { type: 'StaffPasswordChanged', data: { passwordHash: 'x', generation: 1 } };
const resetAsked: StaffMemberEvent = {
  type: 'PasswordResetRequested',
  data: { tokenHash: 'reset-1', expiresAt: '2026-11-23T01:30:00.000Z' },
};

describe('a person’s own account', () => {
  describe('signing in', () => {
    it('given no two-factor codes, when they sign in, then a session opens', () => {
      member
        .given([])
        .when(signIn({ kind: 'none' }))
        .then([signedIn(null, null)]);
    });

    it('given codes on, when they sign in without a code, then a code is asked for', () => {
      member
        .given([started, enabled])
        .when(signIn({ kind: 'none' }))
        .thenThrows({ code: 'two_factor_code_required' });
    });

    it.each([
      ['a code that matched nothing', { kind: 'totp' as const, step: null }],
      ['the code used to turn codes on', { kind: 'totp' as const, step: 100 }],
      ['an older code', { kind: 'totp' as const, step: 99 }],
      ['an unknown recovery code', { kind: 'recovery' as const, codeHash: 'r9' }],
    ])('given codes on, when they sign in with %s, then it is refused', (_name, factor) => {
      member.given([started, enabled]).when(signIn(factor)).thenThrows({ code: 'invalid_two_factor_code' });
    });

    it('given codes on, when they sign in with the next step’s code, then the session opens and that step is spent', () => {
      member
        .given([started, enabled])
        .when(signIn({ kind: 'totp', step: 101 }))
        .then([signedIn(101, null)]);
      member
        .given([started, enabled, signedIn(101, null)])
        .when(signIn({ kind: 'totp', step: 101 }, 's-2'))
        .thenThrows({ code: 'invalid_two_factor_code' });
    });

    it('given codes on, when a recovery code is used, then it opens a session once, and never again', () => {
      member
        .given([started, enabled])
        .when(signIn({ kind: 'recovery', codeHash: 'r2' }))
        .then([signedIn(null, 'r2')]);
      member
        .given([started, enabled, signedIn(null, 'r2')])
        .when(signIn({ kind: 'recovery', codeHash: 'r2' }, 's-2'))
        .thenThrows({ code: 'invalid_two_factor_code' });
      member
        .given([started, enabled, signedIn(null, 'r2')])
        .thenState((state) => expect(state.twoFactor?.recoveryCodeHashes).toEqual(['r1']));
    });
  });

  describe('password reset', () => {
    it('given a link asked for, when it is used in time, then the password changes and the version moves on', () => {
      member
        .given([resetAsked])
        .when({ type: 'ResetPassword', tokenHash: 'reset-1', passwordHash: 'scrypt$new', at: NOW, generation: 2 })
        .then([{ type: 'StaffPasswordChanged', data: { passwordHash: 'scrypt$new', generation: 2 } }]);
      member
        .given([resetAsked, { type: 'StaffPasswordChanged', data: { passwordHash: 'scrypt$new', generation: 2 } }])
        .thenState({ password: { hash: 'scrypt$new', generation: 2 }, passwordVersion: 1, reset: null, twoFactor: null, sessions: [] });
    });

    it.each([
      ['no link', [], 'reset-1', NOW],
      ['a wrong token', [resetAsked], 'reset-2', NOW],
      ['an expired link', [resetAsked], 'reset-1', LATER],
      ['a used link', [resetAsked, changed], 'reset-1', NOW],
    ])('given %s, when a reset is completed, then the link is not found', (_name, history, tokenHash, at) => {
      member
        .given(history)
        .when({ type: 'ResetPassword', tokenHash, passwordHash: 'scrypt$new', at, generation: 1 })
        .thenThrows({ code: 'reset_link_not_found' });
    });
  });

  describe('setting up codes', () => {
    it('given none, when set-up starts, then the sealed secret is kept (not yet on)', () => {
      member.given([]).when({ type: 'StartTwoFactor', sealedSecret: 'v1.sealed' }).then([started]);
    });

    it('given set-up started, when confirmed with a matching code, then codes are on with the recovery codes’ hashes', () => {
      member
        .given([started])
        .when({ type: 'ConfirmTwoFactor', step: 100, recoveryCodeHashes: ['r1', 'r2'] })
        .then([enabled]);
    });

    it.each([
      ['not started', [], 100, 'two_factor_not_started'],
      ['a code that matched nothing', [started], null, 'wrong_setup_code'],
      ['codes already on', [started, enabled], 101, 'two_factor_already_on'],
    ])('given %s, when confirmed, then it is refused', (_name, history, step, code) => {
      member
        .given(history as StaffMemberEvent[])
        .when({ type: 'ConfirmTwoFactor', step, recoveryCodeHashes: [] })
        .thenThrows({ code });
    });

    it('given codes on, when set-up starts again, then it is refused; when turned off, then they are off, and off again changes nothing', () => {
      member
        .given([started, enabled])
        .when({ type: 'StartTwoFactor', sealedSecret: 'v1.other' })
        .thenThrows({ code: 'two_factor_already_on' });
      member
        .given([started, enabled])
        .when({ type: 'DisableTwoFactor', byOwner: true })
        .then([{ type: 'TwoFactorDisabled', data: { byOwner: true } }]);
      member.given([]).when({ type: 'DisableTwoFactor', byOwner: false }).then([]);
    });
  });
});
