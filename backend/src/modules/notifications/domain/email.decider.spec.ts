import { fold } from '../../../shared-kernel/decider';
import { DomainError } from '../../../shared-kernel/domain-error';
import { emailDecider, type EmailCommand } from './email.decider';
import type { EmailEvent, EmailMessage } from './email.events';

const message: EmailMessage = { to: 'ada@example.com', subject: 'Your order', text: 'Thanks', kind: 'order-confirmation', orderId: '7' };

function given(...events: EmailEvent[]) {
  const state = fold(emailDecider, events);
  return { when: (command: EmailCommand) => emailDecider.decide(command, state) };
}

describe('email decider', () => {
  it('queues a new e-mail once', () => {
    expect(given().when({ type: 'QueueEmail', message })).toEqual([{ type: 'EmailQueued', data: message }]);
    expect(given({ type: 'EmailQueued', data: message }).when({ type: 'QueueEmail', message })).toEqual([]);
  });

  it('refuses a recipient that is not an address', () => {
    expect(() => given().when({ type: 'QueueEmail', message: { ...message, to: 'nobody' } })).toThrow(DomainError);
  });

  it('records the send once', () => {
    const queued: EmailEvent = { type: 'EmailQueued', data: message };
    const sent: EmailEvent = { type: 'EmailSent', data: { messageId: 'm1', transport: 'outbox' } };
    expect(given(queued).when({ type: 'RecordEmailSent', messageId: 'm1', transport: 'outbox' })).toEqual([sent]);
    expect(given(queued, sent).when({ type: 'RecordEmailSent', messageId: 'm2', transport: 'outbox' })).toEqual([]);
  });

  it('cannot mark sent what was never queued', () => {
    expect(() => given().when({ type: 'RecordEmailSent', messageId: 'm1', transport: 'smtp' })).toThrow('No such e-mail');
  });

  it('counts failures and allows a retry only after one', () => {
    const queued: EmailEvent = { type: 'EmailQueued', data: message };
    expect(given(queued).when({ type: 'RetryEmail' })).toEqual([]);
    const failed = given(queued).when({ type: 'RecordEmailFailed', error: 'SMTP down' });
    expect(failed).toEqual([{ type: 'EmailFailed', data: { error: 'SMTP down', attempt: 1 } }]);
    const retried = given(queued, ...failed).when({ type: 'RetryEmail' });
    expect(retried).toEqual([{ type: 'EmailRetryRequested', data: { attempt: 2 } }]);
    expect(given(queued, ...failed, ...retried).when({ type: 'RecordEmailFailed', error: 'again' })).toEqual([
      { type: 'EmailFailed', data: { error: 'again', attempt: 2 } },
    ]);
  });
});
