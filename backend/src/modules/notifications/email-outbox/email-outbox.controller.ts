import { Controller, Get, Inject, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { DocumentStore } from '@brewery/eventstore';
import { DOCUMENT_STORE } from '../../../platform/persistence/persistence.tokens';
import { EMAILS, type EmailDoc } from './email-outbox.projection';
import { EmailErrors } from '../domain/email.errors';

@ApiTags('admin: outbox')
@ApiBearerAuth()
@Controller('admin/outbox')
export class EmailOutboxController {
  constructor(@Inject(DOCUMENT_STORE) private readonly store: DocumentStore) {}

  @Get()
  @ApiOperation({ summary: 'Every e-mail the shop queued, newest first, with its delivery state' })
  list(): Promise<Omit<EmailDoc, 'text'>[]> {
    return this.store.collection<EmailDoc>(EMAILS).find({}, { sort: { queuedAt: -1 }, projection: { text: 0 } });
  }

  @Get(':key')
  @ApiOperation({ summary: 'One e-mail with its text' })
  async one(@Param('key') key: string): Promise<EmailDoc> {
    const email = await this.store.collection<EmailDoc>(EMAILS).findOne({ _id: key });
    if (!email) throw EmailErrors.notQueued();
    return email;
  }
}
