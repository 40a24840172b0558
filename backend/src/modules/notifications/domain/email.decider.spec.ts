import { DeciderSpecification } from '../../../shared-kernel/decider-specification';
import { emailDecider } from './email.decider';
import type { EmailEvent, EmailMessage } from './email.events';

const message: EmailMessage = { to: 'ada@example.com', subject: 'Your order', text: 'Thanks', kind: 'order-confirmation', orderId: '7' };

const email = DeciderSpecification.for(emailDecider);

describe('email decider', () => {
  it('queues a new e-mail once', () => {
    email
      .given([])
      .when({ type: 'QueueEmail', message })
      .then([{ type: 'EmailQueued', data: message }]);
    email
      .given([{ type: 'EmailQueued', data: message }])
      .when({ type: 'QueueEmail', message })
      .then([]);
  });

  it('refuses a recipient that is not an address', () => {
    email
      .given([])
      .when({ type: 'QueueEmail', message: { ...message, to: 'nobody' } })
      .thenThrows({ code: 'invalid_recipient' });
  });

  it('records the send once', () => {
    const queued: EmailEvent = { type: 'EmailQueued', data: message };
    const sent: EmailEvent = { type: 'EmailSent', data: { messageId: 'm1', transport: 'outbox' } };
    email.given([queued]).when({ type: 'RecordEmailSent', messageId: 'm1', transport: 'outbox' }).then([sent]);
    email.given([queued, sent]).when({ type: 'RecordEmailSent', messageId: 'm2', transport: 'outbox' }).then([]);
  });

  it('cannot mark sent what was never queued', () => {
    email
      .given([])
      .when({ type: 'RecordEmailSent', messageId: 'm1', transport: 'smtp' })
      .thenThrows({ code: 'email_not_queued', message: 'No such e-mail' });
  });

  it('counts failures and allows a retry only after one', () => {
    const queued: EmailEvent = { type: 'EmailQueued', data: message };
    email.given([queued]).when({ type: 'RetryEmail' }).then([]);
    const failed = email
      .given([queued])
      .when({ type: 'RecordEmailFailed', error: 'SMTP down' })
      .then([{ type: 'EmailFailed', data: { error: 'SMTP down', attempt: 1 } }]);
    const retried = email
      .given([queued, ...failed])
      .when({ type: 'RetryEmail' })
      .then([{ type: 'EmailRetryRequested', data: { attempt: 2 } }]);
    email
      .given([queued, ...failed, ...retried])
      .when({ type: 'RecordEmailFailed', error: 'again' })
      .then([{ type: 'EmailFailed', data: { error: 'again', attempt: 2 } }]);
  });
});
