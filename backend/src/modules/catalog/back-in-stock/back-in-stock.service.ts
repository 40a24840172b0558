import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore, EventMetadata } from '@brewery/eventstore';
import { isEmailAddress, isReleased, slugify } from '@brewery/shop-rules';
import type { AppConfig } from '../../../config/app-config';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { APP_CONFIG, CLOCK, DOCUMENT_STORE, SERVER_SECRET, type Clock } from '../../../platform/persistence/persistence.tokens';
import { ProductErrors } from '../domain/product.errors';
import type { ProductSnapshot } from '../domain/product-snapshot';
import { waitlistDecider } from '../domain/waitlist.decider';
import { waitlistStreamName } from '../domain/waitlist.events';
import { PRODUCTS_COLLECTION, type ProductViewDoc } from '../product-list/product-view';
import { ProductStreams } from '../product-streams';
import { BackInStockErrors } from './back-in-stock.errors';
import { isUnsubscribeSignature, unsubscribeSignature } from './unsubscribe-token';
import { WAITLISTS, type WaitlistDoc } from './waitlist.projection';

/** Whether a customer can buy the beer now: live, not archived, released, with cans. */
export function onSaleNow(snapshot: ProductSnapshot, now: Date): { onSale: boolean; available: number } {
  const { product } = snapshot;
  return { onSale: product.isActive && !product.archived && isReleased(product, now), available: snapshot.available };
}

/** "Tell me when it's back": the lists, kept on their own streams; the waitlist decider says who is told when. */
@Injectable()
export class BackInStock {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly products: ProductStreams,
    @Inject(DOCUMENT_STORE) private readonly documents: DocumentStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SERVER_SECRET) private readonly secret: string,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Puts an address on a sold-out (or not yet released) beer's list; the same address twice is one request. */
  async ask(productId: string, email: unknown, metadata: Omit<EventMetadata, 'occurredAt'>): Promise<{ message: string }> {
    if (typeof email !== 'string' || email.trim().length > 200 || !isEmailAddress(email.trim())) throw BackInStockErrors.invalidEmail();
    const now = this.clock.now();
    const snapshot = await this.products.snapshot(productId, now.toISOString());
    if (snapshot === null || !snapshot.product.isActive || snapshot.product.archived) throw ProductErrors.notFoundOrInactive(productId);
    const { onSale, available } = onSaleNow(snapshot, now);
    await this.pipeline.run({
      streamName: waitlistStreamName(productId),
      decider: waitlistDecider,
      command: { type: 'AskToBeTold', email, at: now.toISOString(), beer: snapshot.product.name, onSale, available },
      metadata: { ...metadata, occurredAt: now.toISOString() },
    });
    const when = onSale ? 'is back' : 'is released';
    return { message: `We'll e-mail ${email.trim()} when ${snapshot.product.name} ${when}.` };
  }

  /** Tells the beer's list when the beer is on sale with cans (the decider decides); returns how many were told. */
  async tellIfBack(productId: string, metadata: Omit<EventMetadata, 'occurredAt'>): Promise<number> {
    const now = this.clock.now();
    const snapshot = await this.products.snapshot(productId, now.toISOString());
    if (snapshot === null) return 0;
    const result = await this.pipeline.run({
      streamName: waitlistStreamName(productId),
      decider: waitlistDecider,
      command: { type: 'TellWaiting', at: now.toISOString(), ...onSaleNow(snapshot, now) },
      metadata: { ...metadata, occurredAt: now.toISOString() },
    });
    return result.events.length;
  }

  /** Takes the address off every list it is on (the link in its e-mail); returns how many lists it left. */
  async unsubscribe(
    email: unknown,
    signature: unknown,
    metadata: Omit<EventMetadata, 'occurredAt'>,
  ): Promise<{ email: string; left: number }> {
    if (typeof email !== 'string' || email.length > 200 || !isUnsubscribeSignature(this.secret, email, signature))
      throw BackInStockErrors.badLink();
    const key = email.trim().toLowerCase();
    const lists = (await this.documents.collection<WaitlistDoc>(WAITLISTS).find({})).filter((list) =>
      list.waiting.some((entry) => entry.key === key),
    );
    let left = 0;
    for (const list of lists) {
      const at = this.clock.now().toISOString();
      const result = await this.pipeline.run({
        streamName: waitlistStreamName(list._id),
        decider: waitlistDecider,
        command: { type: 'LeaveWaitlist', email, at },
        metadata: { ...metadata, occurredAt: at },
      });
      left += result.events.length;
    }
    return { email: email.trim(), left };
  }

  /** The beer's page and the address's unsubscribe link, as absolute addresses for the e-mail. */
  async links(productId: string, email: string): Promise<{ name: string; beerUrl: string; unsubscribeUrl: string }> {
    const base = this.config.shop.publicUrl.replace(/\/+$/, '');
    const doc = await this.documents.collection<ProductViewDoc>(PRODUCTS_COLLECTION).findOne({ _id: productId });
    const name = doc?.name ?? productId;
    const slug = doc?.slug ?? slugify(name);
    const query = new URLSearchParams({ email, sig: unsubscribeSignature(this.secret, email) });
    return { name, beerUrl: `${base}/shop/${slug}`, unsubscribeUrl: `${base}/api/back-in-stock/unsubscribe?${query.toString()}` };
  }
}
