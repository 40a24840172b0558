import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore } from '@brewery/eventstore';
import type { FailedEmail } from '@brewery/shop-rules';
import { DOCUMENT_STORE } from '../../../platform/persistence/persistence.tokens';
import { EMAILS, type EmailDoc } from '../../notifications';

/** E-mails whose last delivery failed, oldest first: listed in the System tab, sent again by auto-fix. */
@Injectable()
export class FailedEmails {
  constructor(@Inject(DOCUMENT_STORE) private readonly documents: DocumentStore) {}

  async list(): Promise<FailedEmail[]> {
    const failed = await this.documents.collection<EmailDoc>(EMAILS).find({ status: 'failed' }, { sort: { queuedAt: 1 } });
    return failed.map((email) => ({ key: email._id, to: email.to, subject: email.subject, error: email.error }));
  }
}
