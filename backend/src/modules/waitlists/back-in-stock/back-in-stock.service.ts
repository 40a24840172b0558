import { Inject, Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import type { DocumentStore } from '@brewery/eventstore';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { isEmailAddress, isReleased, slugify, type WaitlistRemoval, type WaitlistView } from '@brewery/shop-rules';
import { type AppConfig, APP_CONFIG, SERVER_SECRET } from '../../../config/app-config';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { HeldPerClient } from '../../../platform/http/per-client-cap';
import { DOCUMENT_STORE } from '../../../platform/persistence/persistence.tokens';
import { CLOCK, type Clock } from '../../../platform/clock';
import { ProjectionRunner } from '../../../platform/projections/projection-runner';
import { ProductErrors, type ProductSnapshot, PRODUCTS_COLLECTION, type ProductViewDoc, ProductStreams } from '../../catalog';
import { waitlistDecider } from '../domain/waitlist.decider';
import { waitlistKey, waitlistStreamName } from '../domain/waitlist.events';
import { BackInStockErrors, BackInStockMessages } from './back-in-stock.errors';
import { confirmationSignature, isConfirmationSignature } from './confirmation-token';
import { isUnsubscribeSignature, unsubscribeSignature } from './unsubscribe-token';
import { parseRemoval } from './waitlist-removal';
import { waitlistCsv, waitlistCsvFileName, waitlistView } from './waitlist-view';
import { WAITLIST_ENTRIES, onListsFilter, pendingOfClientFilter, type WaitlistEntryDoc } from './waitlist.projection';

/** Sign-ups from one client address still waiting to be confirmed (past it: 429 with `Retry-After`). */
export const PENDING_SIGN_UPS_PER_CLIENT = 10;

/** Whether a customer can buy the beer now: live, not archived, released, with cans. */
export function onSaleNow(snapshot: ProductSnapshot, now: Date): { onSale: boolean; available: number } {
  const { product } = snapshot;
  return { onSale: product.isActive && !product.archived && isReleased(product, now), available: snapshot.available };
}

/** "Tell me when it's back": the lists, kept on their own streams; the waitlist decider says who is told when. */
@Injectable()
export class BackInStock {
  private readonly pendingPerClient = new HeldPerClient({
    limit: PENDING_SIGN_UPS_PER_CLIENT,
    message: BackInStockMessages.tooManyPending(PENDING_SIGN_UPS_PER_CLIENT),
    code: 'too_many_pending',
  });

  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly products: ProductStreams,
    @Inject(DOCUMENT_STORE) private readonly documents: DocumentStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SERVER_SECRET) private readonly secret: string,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ProjectionRunner) private readonly projections: Pick<ProjectionRunner, 'readModelsPosition'>,
  ) {}

  /**
   * Signs an address up for a sold-out (or not yet released) beer's list: pending until it confirms by the link
   * e-mailed to it. The answer is the same whether the address is new, pending or confirmed already.
   * `clientAddress`: the client's address as the shop takes it (recorded only as a keyed hash).
   */
  async ask(productId: string, email: unknown, clientAddress: string, cause: Cause): Promise<{ message: string }> {
    if (typeof email !== 'string' || email.trim().length > 200 || !isEmailAddress(email.trim())) throw BackInStockErrors.invalidEmail();
    const now = this.clock.now();
    const snapshot = await this.products.snapshot(productId, now.toISOString());
    if (snapshot === null || !snapshot.product.isActive || snapshot.product.archived) throw ProductErrors.notFoundOrInactive(productId);
    const { onSale, available } = onSaleNow(snapshot, now);
    const client = this.clientKey(clientAddress);
    // The position first: the sign-ups read next reflect at least what had been applied by then.
    const readPosition = this.projections.readModelsPosition();
    const pending = await this.entries().find(pendingOfClientFilter(client, now.toISOString()));
    const claim = this.pendingPerClient.claim(
      client,
      pending.map((entry) => entry.confirmBy ?? now.toISOString()),
      readPosition,
      now.getTime(),
    );
    let position: number | null = null;
    try {
      const result = await this.pipeline.run({
        streamName: waitlistStreamName(productId),
        decider: waitlistDecider,
        command: { type: 'AskToBeTold', email, at: now.toISOString(), beer: snapshot.product.name, onSale, available, client },
        cause,
      });
      position = result.position;
    } finally {
      claim.settle(position);
    }
    const when = onSale ? 'is back' : 'is released';
    return {
      message: `Check your inbox to confirm, and we'll e-mail ${email.trim()} when ${snapshot.product.name} ${when}.`,
    };
  }

  /** The link in a confirmation e-mail: puts the address on the list (the decider says whether it still may). */
  async confirm(
    query: { beer: unknown; email: unknown; sent: unknown; sig: unknown },
    cause: Cause,
  ): Promise<{ email: string; beer: string; beerUrl: string }> {
    const { beer: productId, email, sent, sig } = query;
    if (
      typeof productId !== 'string' ||
      productId.length > 200 ||
      typeof email !== 'string' ||
      email.length > 200 ||
      typeof sent !== 'string' ||
      !/^\d{1,15}$/.test(sent) ||
      !isConfirmationSignature(this.secret, productId, email, Number(sent), sig)
    )
      throw BackInStockErrors.badConfirmLink();
    const at = this.clock.now().toISOString();
    await this.pipeline.run({
      streamName: waitlistStreamName(productId),
      decider: waitlistDecider,
      command: { type: 'ConfirmSignUp', email, sentAt: new Date(Number(sent)).toISOString(), at },
      cause,
    });
    const { name, beerUrl } = await this.beer(productId);
    return { email: email.trim(), beer: name, beerUrl };
  }

  /** Tells the beer's list when the beer is on sale with cans (the decider decides); returns how many were told. */
  async tellIfBack(productId: string, cause: Cause): Promise<number> {
    const now = this.clock.now();
    const snapshot = await this.products.snapshot(productId, now.toISOString());
    if (snapshot === null) return 0;
    const result = await this.pipeline.run({
      streamName: waitlistStreamName(productId),
      decider: waitlistDecider,
      command: { type: 'TellWaiting', at: now.toISOString(), ...onSaleNow(snapshot, now) },
      cause,
    });
    return result.events.length;
  }

  /** Takes the address off every list it is on (the link in its e-mail); returns how many lists it left. */
  async unsubscribe(email: unknown, signature: unknown, cause: Cause): Promise<{ email: string; left: number }> {
    if (typeof email !== 'string' || email.length > 200 || !isUnsubscribeSignature(this.secret, email, signature))
      throw BackInStockErrors.badLink();
    const lists = new Set((await this.entries().find(onListsFilter(email))).map((entry) => entry.productId));
    let left = 0;
    for (const productId of lists) {
      const at = this.clock.now().toISOString();
      const result = await this.pipeline.run({
        streamName: waitlistStreamName(productId),
        decider: waitlistDecider,
        command: { type: 'LeaveWaitlist', email, at },
        cause,
      });
      left += result.events.length;
    }
    return { email: email.trim(), left };
  }

  /** The operator's view of a beer's list: who asked, when, where each stands. */
  async view(productId: string): Promise<WaitlistView> {
    const product = await this.product(productId);
    const docs = await this.entries().find({ productId }, { sort: { askedAt: 1 } });
    return waitlistView({ productId, name: product.name }, docs, this.clock.now());
  }

  /** The same list as a CSV download. */
  async csv(productId: string): Promise<{ fileName: string; content: string }> {
    const product = await this.product(productId);
    const view = await this.view(productId);
    return { fileName: waitlistCsvFileName(product.slug ?? slugify(product.name)), content: waitlistCsv(view) };
  }

  /** The operator takes addresses off a beer's list (pruning), each removal recorded with the reason. */
  async remove(productId: string, body: { emails?: unknown; reason?: unknown }, cause: Cause): Promise<WaitlistRemoval> {
    const { emails, reason } = parseRemoval(body);
    const product = await this.product(productId);
    const at = this.clock.now().toISOString();
    const result = await this.pipeline.run({
      streamName: waitlistStreamName(productId),
      decider: waitlistDecider,
      command: { type: 'RemoveFromWaitlist', emails, reason, at },
      cause,
    });
    const removed = result.events.map((event) => event.data.email);
    const removedKeys = new Set(removed.map(waitlistKey));
    const asked = [...new Map(emails.map((email) => [waitlistKey(email), email])).entries()];
    const notOnList = asked.filter(([key]) => !removedKeys.has(key)).map(([, email]) => email);
    const count = removed.length === 1 ? '1 address' : `${removed.length} addresses`;
    return { message: `Removed ${count} from the waiting list for ${product.name}`, removed, notOnList };
  }

  /** The beer's page and the address's unsubscribe link, as absolute addresses for the e-mail. */
  async links(productId: string, email: string): Promise<{ name: string; beerUrl: string; unsubscribeUrl: string }> {
    const { name, beerUrl } = await this.beer(productId);
    const query = new URLSearchParams({ email, sig: unsubscribeSignature(this.secret, email) });
    return { name, beerUrl, unsubscribeUrl: `${this.base()}/api/back-in-stock/unsubscribe?${query.toString()}` };
  }

  /** The beer's name and the link that confirms the sign-up the e-mail sent at `sentAt` is for. */
  async confirmLink(productId: string, email: string, sentAt: string): Promise<{ name: string; confirmUrl: string }> {
    const { name } = await this.beer(productId);
    const sent = Date.parse(sentAt);
    const query = new URLSearchParams({
      beer: productId,
      email,
      sent: String(sent),
      sig: confirmationSignature(this.secret, productId, email, sent),
    });
    return { name, confirmUrl: `${this.base()}/api/back-in-stock/confirm?${query.toString()}` };
  }

  private async beer(productId: string): Promise<{ name: string; beerUrl: string }> {
    const doc = await this.documents.collection<ProductViewDoc>(PRODUCTS_COLLECTION).findOne({ _id: productId });
    const name = doc?.name ?? productId;
    return { name, beerUrl: `${this.base()}/shop/${doc?.slug ?? slugify(name)}` };
  }

  private async product(productId: string): Promise<ProductViewDoc> {
    const doc = await this.documents.collection<ProductViewDoc>(PRODUCTS_COLLECTION).findOne({ _id: productId });
    if (doc === null || doc.deleted) throw ProductErrors.notFound(productId);
    return doc;
  }

  private entries() {
    return this.documents.collection<WaitlistEntryDoc>(WAITLIST_ENTRIES);
  }

  private base(): string {
    return this.config.shop.publicUrl.replace(/\/+$/, '');
  }

  /** Keyed hash of the client's address, as recorded on a sign-up: stable for a client, meaningless without the key. */
  private clientKey(address: string): string {
    return createHmac('sha256', this.secret).update(`waitlist-client\0${address}`).digest('base64url').slice(0, 22);
  }
}
