import { Inject, Injectable } from '@nestjs/common';
import { causedBy } from '../../../platform/event-sourcing/command-metadata';
import { streamId, type RecordedEvent } from '@brewery/eventstore';
import { type AppConfig, APP_CONFIG } from '../../../config/app-config';
import { CLOCK, type Clock } from '../../../platform/clock';
import type { ProcessManager } from '../../../platform/projections/projection';
import { EmailService } from '../../notifications';
import { backInStockConfirmEmail, backInStockConfirmEmailKey, backInStockEmail, backInStockEmailKey } from '../domain/back-in-stock-email';
import { CONFIRM_WITHIN_MS } from '../domain/waitlist.decider';
import type { BackInStockConfirmationResent, BackInStockRequested, BackInStockTold } from '../domain/waitlist.events';
import { BackInStock } from './back-in-stock.service';

/**
 * A beer that may be back: released, recounted, a hold given back, a cancelled order's cans returned, live again.
 * Each asks the beer's list whether to tell (the waitlist decider says: only a beer on sale with cans).
 */
@Injectable()
export class BackInStockWatcher implements ProcessManager {
  readonly name = 'back-in-stock-watcher';
  readonly eventTypes = [
    'ProductReleased',
    'StockCounted',
    'StockReservationReleased',
    'StockReturned',
    'ProductPublished',
    'ProductRestored',
  ] as const;

  constructor(private readonly lists: BackInStock) {}

  async handle(event: RecordedEvent): Promise<void> {
    await this.lists.tellIfBack(streamId(event.streamName), causedBy(event));
  }
}

/** Each address told gets its one e-mail, keyed by the telling, so a repeat delivery queues nothing new. */
@Injectable()
export class BackInStockEmailer implements ProcessManager {
  readonly name = 'back-in-stock-email';
  readonly eventTypes = ['BackInStockTold'] as const;

  constructor(
    private readonly lists: BackInStock,
    private readonly email: EmailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async handle(event: RecordedEvent): Promise<void> {
    const told = event as unknown as RecordedEvent & Pick<BackInStockTold, 'data'>;
    const productId = streamId(event.streamName);
    const { name, beerUrl, unsubscribeUrl } = await this.lists.links(productId, told.data.email);
    const released = event.metadata.correlationId.startsWith(`release-${productId}-`);
    const message = backInStockEmail({
      to: told.data.email,
      beer: name,
      beerUrl,
      unsubscribeUrl,
      released,
      shop: { brandName: this.config.shop.brandName, email: this.config.shop.email },
    });
    await this.email.queue(backInStockEmailKey(productId, event.revision), message, causedBy(event));
  }
}

/**
 * Each sign-up, and each re-send the list decided, gets its one confirmation e-mail, keyed by the event's revision.
 * Sign-ups recorded before addresses confirmed need none, and a link already run out is not sent (a replay).
 */
@Injectable()
export class BackInStockConfirmationMailer implements ProcessManager {
  readonly name = 'back-in-stock-confirm-email';
  readonly eventTypes = ['BackInStockRequested', 'BackInStockConfirmationResent'] as const;

  constructor(
    private readonly lists: BackInStock,
    private readonly email: EmailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async handle(event: RecordedEvent): Promise<void> {
    const asked = { type: event.type, data: event.data } as BackInStockRequested | BackInStockConfirmationResent;
    const { email, confirmBy } = asked.data;
    if (confirmBy === undefined || Date.parse(confirmBy) <= this.clock.now().getTime()) return;
    const sentAt = asked.type === 'BackInStockRequested' ? asked.data.requestedAt : asked.data.sentAt;
    const productId = streamId(event.streamName);
    const { name, confirmUrl } = await this.lists.confirmLink(productId, email, sentAt);
    const message = backInStockConfirmEmail({
      to: email,
      beer: name,
      confirmUrl,
      hours: CONFIRM_WITHIN_MS / 3_600_000,
      shop: { brandName: this.config.shop.brandName, email: this.config.shop.email },
    });
    await this.email.queue(backInStockConfirmEmailKey(productId, event.revision), message, causedBy(event));
  }
}
