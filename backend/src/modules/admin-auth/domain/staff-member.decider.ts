import type { DomainEvent } from '@brewery/eventstore';
import type { Decider } from '../../../shared-kernel/decider';
import { StaffErrors } from './staff.errors';

/** One person's own stream: their password changes, two-factor codes and sign-ins. */
export const staffStream = (staffId: string): string => `staff-${staffId}`;

export type StaffSignedIn = DomainEvent<
  'StaffSignedIn',
  {
    sessionId: string;
    signedInAt: string;
    expiresAt: string;
    client: string;
    /** The time step of the two-factor code used, so the same code is never taken twice. */
    totpStep: number | null;
    /** Which recovery code was used (its hash), if one was. */
    recoveryCodeHash: string | null;
  }
>;
export type PasswordResetRequested = DomainEvent<'PasswordResetRequested', { tokenHash: string; expiresAt: string }>;
/** A new password, for the time they joined (`generation`): every session signed in before it ends. */
export type StaffPasswordChanged = DomainEvent<'StaffPasswordChanged', { passwordHash: string; generation: number }>;
export type TwoFactorEnrolmentStarted = DomainEvent<'TwoFactorEnrolmentStarted', { sealedSecret: string }>;
export type TwoFactorEnabled = DomainEvent<'TwoFactorEnabled', { recoveryCodeHashes: string[]; totpStep: number }>;
export type TwoFactorDisabled = DomainEvent<'TwoFactorDisabled', { byOwner: boolean }>;

export type StaffMemberEvent =
  StaffSignedIn | PasswordResetRequested | StaffPasswordChanged | TwoFactorEnrolmentStarted | TwoFactorEnabled | TwoFactorDisabled;

export const STAFF_MEMBER_EVENT_TYPES: readonly StaffMemberEvent['type'][] = [
  'StaffSignedIn',
  'PasswordResetRequested',
  'StaffPasswordChanged',
  'TwoFactorEnrolmentStarted',
  'TwoFactorEnabled',
  'TwoFactorDisabled',
];

/**
 * What a sign-in brings to the decision: the session it opens, and the second factor as checked against the
 * person's secret (`totpStep`: the step the code matched, null when it matched none; `recoveryCodeHash`: the
 * hash of a recovery code given instead). Whether the password was right is checked before; a wrong one never
 * reaches the stream.
 */
export interface SignIn {
  type: 'SignIn';
  sessionId: string;
  at: string;
  expiresAt: string;
  client: string;
  secondFactor: { kind: 'none' } | { kind: 'totp'; step: number | null } | { kind: 'recovery'; codeHash: string };
}

export type StaffMemberCommand =
  | SignIn
  | { type: 'RequestPasswordReset'; tokenHash: string; expiresAt: string }
  /** `generation`: how many times the person has joined, as the roster says now. */
  | { type: 'ResetPassword'; tokenHash: string; passwordHash: string; at: string; generation: number }
  | { type: 'StartTwoFactor'; sealedSecret: string }
  | { type: 'ConfirmTwoFactor'; step: number | null; recoveryCodeHashes: string[] }
  | { type: 'DisableTwoFactor'; byOwner: boolean };

export interface StaffMemberState {
  /** The password set by a reset, and for which time they joined: it holds only while that is still the latest. */
  password: { hash: string; generation: number } | null;
  /** How many times the password changed: a session carries the number it was opened under. */
  passwordVersion: number;
  reset: { tokenHash: string; expiresAt: string } | null;
  twoFactor: { sealedSecret: string; enabled: boolean; lastStep: number; recoveryCodeHashes: string[] } | null;
  sessions: { id: string; signedInAt: string; expiresAt: string; client: string }[];
}

/** Sessions kept in the state (the newest): older ones have long expired. */
const KEPT_SESSIONS = 50;

export const staffMemberDecider: Decider<StaffMemberState, StaffMemberCommand, StaffMemberEvent> = {
  initialState: { password: null, passwordVersion: 0, reset: null, twoFactor: null, sessions: [] },

  evolve: (state, event) => {
    switch (event.type) {
      case 'StaffSignedIn': {
        const twoFactor =
          state.twoFactor === null
            ? null
            : {
                ...state.twoFactor,
                lastStep: Math.max(state.twoFactor.lastStep, event.data.totpStep ?? -1),
                recoveryCodeHashes: state.twoFactor.recoveryCodeHashes.filter((hash) => hash !== event.data.recoveryCodeHash),
              };
        const session = {
          id: event.data.sessionId,
          signedInAt: event.data.signedInAt,
          expiresAt: event.data.expiresAt,
          client: event.data.client,
        };
        return { ...state, twoFactor, sessions: [session, ...state.sessions].slice(0, KEPT_SESSIONS) };
      }
      case 'PasswordResetRequested':
        return { ...state, reset: { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt } };
      case 'StaffPasswordChanged':
        return {
          ...state,
          password: { hash: event.data.passwordHash, generation: event.data.generation },
          passwordVersion: state.passwordVersion + 1,
          reset: null,
        };
      case 'TwoFactorEnrolmentStarted':
        return { ...state, twoFactor: { sealedSecret: event.data.sealedSecret, enabled: false, lastStep: -1, recoveryCodeHashes: [] } };
      case 'TwoFactorEnabled':
        return state.twoFactor === null
          ? state
          : {
              ...state,
              twoFactor: {
                ...state.twoFactor,
                enabled: true,
                lastStep: event.data.totpStep,
                recoveryCodeHashes: event.data.recoveryCodeHashes,
              },
            };
      case 'TwoFactorDisabled':
        return { ...state, twoFactor: null };
    }
  },

  decide: (command, state) => {
    switch (command.type) {
      case 'SignIn': {
        const factor = command.secondFactor;
        let totpStep: number | null = null;
        let recoveryCodeHash: string | null = null;
        if (state.twoFactor?.enabled === true) {
          if (factor.kind === 'none') throw StaffErrors.codeRequired();
          if (factor.kind === 'totp') {
            // A code is good once: one already used (or older than one used) is refused, as a wrong one is.
            if (factor.step === null || factor.step <= state.twoFactor.lastStep) throw StaffErrors.wrongCode();
            totpStep = factor.step;
          } else {
            if (!state.twoFactor.recoveryCodeHashes.includes(factor.codeHash)) throw StaffErrors.wrongCode();
            recoveryCodeHash = factor.codeHash;
          }
        }
        return [
          {
            type: 'StaffSignedIn',
            data: {
              sessionId: command.sessionId,
              signedInAt: command.at,
              expiresAt: command.expiresAt,
              client: command.client,
              totpStep,
              recoveryCodeHash,
            },
          },
        ];
      }
      case 'RequestPasswordReset':
        return [{ type: 'PasswordResetRequested', data: { tokenHash: command.tokenHash, expiresAt: command.expiresAt } }];
      case 'ResetPassword': {
        const reset = state.reset;
        // Unknown, used, replaced by a newer link or expired: all the same answer.
        if (reset === null || reset.tokenHash !== command.tokenHash || Date.parse(reset.expiresAt) <= Date.parse(command.at))
          throw StaffErrors.resetLinkNotFound();
        return [{ type: 'StaffPasswordChanged', data: { passwordHash: command.passwordHash, generation: command.generation } }];
      }
      case 'StartTwoFactor':
        if (state.twoFactor?.enabled === true) throw StaffErrors.twoFactorAlreadyOn();
        return [{ type: 'TwoFactorEnrolmentStarted', data: { sealedSecret: command.sealedSecret } }];
      case 'ConfirmTwoFactor':
        if (state.twoFactor === null) throw StaffErrors.twoFactorNotStarted();
        if (state.twoFactor.enabled) throw StaffErrors.twoFactorAlreadyOn();
        if (command.step === null) throw StaffErrors.wrongSetupCode();
        return [{ type: 'TwoFactorEnabled', data: { recoveryCodeHashes: command.recoveryCodeHashes, totpStep: command.step } }];
      case 'DisableTwoFactor':
        return state.twoFactor === null ? [] : [{ type: 'TwoFactorDisabled', data: { byOwner: command.byOwner } }];
    }
  },
};
