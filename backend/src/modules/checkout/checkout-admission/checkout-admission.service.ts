import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore } from '@brewery/eventstore';
import { type AppConfig, APP_CONFIG, SERVER_SECRET } from '../../../config/app-config';
import { DOCUMENT_STORE } from '../../../platform/persistence/persistence.tokens';
import { CLOCK, type Clock } from '../../../platform/clock';
import { ProjectionRunner } from '../../../platform/projections/projection-runner';
import { activeHoldsFilter, CHECKOUT_HOLDS, paidSinceFilter, type CheckoutHoldDoc } from '../checkout-holds/checkout-holds.projection';
import { CheckoutGate, type CheckoutGateStats } from './checkout-gate';
import { clientKey, holderKeys, type CheckoutClient } from './checkout-holder';
import { ClientCheckoutLimits, type HoldClaim } from './client-checkout-limits';

/** A checkout let in: who holds it, and what to give back when it ends. */
export interface AdmittedCheckout {
  holder: { client: string; browser: string };
  signal: AbortSignal;
  /** Gives back the turn (once, when the checkout has answered or failed). */
  leave(): void;
}

/**
 * The door to checkout: per-client attempts a minute (counted before anything else), a bounded number of
 * checkouts in progress with a bounded queue, and per-client holds. Everything here is refused with a status and a `Retry-After`
 * (429 for one client asking too much, 503 for a shop too busy), never by making a client wait for ever.
 */
@Injectable()
export class CheckoutAdmission {
  private readonly gate: CheckoutGate;
  private readonly limits: ClientCheckoutLimits;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DOCUMENT_STORE) private readonly documents: DocumentStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ProjectionRunner) private readonly projections: Pick<ProjectionRunner, 'readModelsPosition'>,
    // Keys holders alike in every process, so a client's holds are counted the same everywhere.
    @Inject(SERVER_SECRET) private readonly secret: string,
  ) {
    const { concurrency, queueLimit, queueWaitMs, ratePerMinute, holdsPerClient } = config.checkout;
    this.gate = new CheckoutGate({ concurrency, queueLimit, maxWaitMs: queueWaitMs });
    this.limits = new ClientCheckoutLimits({ ratePerMinute, holdsPerClient });
  }

  /**
   * Counts a checkout attempt by the client at `address`, or throws `CheckoutLimitError` past its minute. Done first
   * of all, before the body is read (`CheckoutAttemptsGuard`), so an attempt costs the client even when refused.
   */
  countAttempt(address: string): void {
    this.limits.countAttempt(clientKey(this.secret, address), this.clock.now().getTime());
  }

  /** Waits for a turn (or refuses); the attempt was counted already (`countAttempt`). */
  /** The keyed hashes a client's checkouts are held under (for a request that only reads them, such as a code check). */
  holderOf(client: Pick<CheckoutClient, 'address' | 'browserToken'>): { client: string; browser: string } {
    return holderKeys(this.secret, client);
  }

  async enter(client: CheckoutClient): Promise<AdmittedCheckout> {
    const holder = holderKeys(this.secret, client);
    const leaveGate = await this.gate.enter(client.signal);
    return { holder, signal: client.signal, leave: leaveGate };
  }

  /**
   * The checkouts holding cans now from this browser or this client address: the ones a new checkout from them
   * may resume or supersede (the order decider says which).
   */
  async earlierCheckouts(holder: { client: string; browser: string }): Promise<CheckoutHoldDoc[]> {
    const [ofBrowser, ofClient] = await Promise.all([
      this.activeHolds({ browser: holder.browser }),
      this.activeHolds({ client: holder.client }),
    ]);
    const byId = new Map([...ofBrowser, ...ofClient].map((hold) => [hold._id, hold]));
    return [...byId.values()];
  }

  /** This browser's checkouts paid within the last `withinMs`: a new one may be the same pack bought again by mistake. */
  async recentlyPaid(browser: string, withinMs: number): Promise<CheckoutHoldDoc[]> {
    const since = new Date(this.clock.now().getTime() - withinMs).toISOString();
    return this.documents.collection<CheckoutHoldDoc>(CHECKOUT_HOLDS).find(paidSinceFilter(browser, since));
  }

  /** Claims one of the client's holds (throws at the cap), given the checkouts this one replaces. */
  async claimHold(client: string, except: readonly string[]): Promise<HoldClaim> {
    // The position first: the holds read next reflect at least what had been applied by then.
    const readPosition = this.projections.readModelsPosition();
    const holds = await this.activeHolds({ client });
    return this.limits.claimHold(
      client,
      holds.map((hold) => ({ id: hold._id, expiresAt: hold.expiresAt })),
      readPosition,
      this.clock.now().getTime(),
      except,
    );
  }

  /** The checkout is over, its last event at `position`: its claim lasts until the read models have that. */
  settle(claim: HoldClaim, position: number | null): void {
    claim.settle(position, this.clock.now().getTime());
  }

  private activeHolds(by: { client: string } | { browser: string }): Promise<CheckoutHoldDoc[]> {
    return this.documents.collection<CheckoutHoldDoc>(CHECKOUT_HOLDS).find(activeHoldsFilter(by, this.clock.now().toISOString()));
  }

  stats(): CheckoutGateStats {
    return this.gate.stats();
  }

  queueLimit(): number {
    return this.config.checkout.queueLimit;
  }
}
