import type { DomainEvent } from '@brewery/eventstore';
import type { Decider } from '../../../shared-kernel/decider';

/** Stream of one admin token's session: `admin-session-<token id>`. */
export const adminSessionStream = (tokenId: string): string => `admin-session-${tokenId}`;

/** The operator logged out: the token is refused from now on, though it has not expired. */
export type AdminSessionEnded = DomainEvent<'AdminSessionEnded', { tokenId: string; expiresAt: string }>;
export type AdminSessionEvent = AdminSessionEnded;
export const ADMIN_SESSION_EVENT_TYPES = ['AdminSessionEnded'] as const;

export type AdminSessionCommand = { type: 'EndAdminSession'; tokenId: string; expiresAt: string };

export interface AdminSessionState {
  ended: boolean;
}

/** Ending a session twice (a second click, a retried request) changes nothing. */
export const adminSessionDecider: Decider<AdminSessionState, AdminSessionCommand, AdminSessionEvent> = {
  initialState: { ended: false },
  evolve: (_state, event) => {
    switch (event.type) {
      case 'AdminSessionEnded':
        return { ended: true };
    }
  },
  decide: (command, state) => {
    if (state.ended) return [];
    return [{ type: 'AdminSessionEnded', data: { tokenId: command.tokenId, expiresAt: command.expiresAt } }];
  },
};
