import { DeciderSpecification } from '../../../shared-kernel/decider-specification';
import { adminSessionDecider, type AdminSessionCommand, type AdminSessionEvent } from './admin-session.decider';

const session = DeciderSpecification.for(adminSessionDecider);
const end: AdminSessionCommand = { type: 'EndAdminSession', tokenId: 't-1', expiresAt: '2026-11-23T09:00:00.000Z' };
const ended: AdminSessionEvent = { type: 'AdminSessionEnded', data: { tokenId: 't-1', expiresAt: '2026-11-23T09:00:00.000Z' } };

describe('admin session', () => {
  it('given a live session, when it is ended, then it is ended with its token and expiry', () => {
    session.given([]).when(end).then([ended]);
  });

  it('given an ended session, when it is ended again (a second click, a retried request), then nothing changes', () => {
    session.given([ended]).when(end).then([]);
  });
});
