import { fold } from '../../../shared-kernel/decider';
import { adminSessionDecider, type AdminSessionEvent } from './admin-session.decider';

const given = (...history: AdminSessionEvent[]) => ({
  when: (command: Parameters<typeof adminSessionDecider.decide>[0]) =>
    adminSessionDecider.decide(command, fold(adminSessionDecider, history)),
});
const end = { type: 'EndAdminSession', tokenId: 't-1', expiresAt: '2026-11-23T09:00:00.000Z' } as const;
const ended: AdminSessionEvent = { type: 'AdminSessionEnded', data: { tokenId: 't-1', expiresAt: '2026-11-23T09:00:00.000Z' } };

describe('admin session', () => {
  it('given a live session, when it is ended, then it is ended with its token and expiry', () => {
    expect(given().when(end)).toEqual([ended]);
  });

  it('given an ended session, when it is ended again (a second click, a retried request), then nothing changes', () => {
    expect(given(ended).when(end)).toEqual([]);
  });
});
