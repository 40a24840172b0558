import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { DocumentStore } from '@brewery/eventstore';
import { join } from 'node:path';
import { generateSecret, type AppConfig } from '../../../config/app-config';
import { readOrCreateSecretFile } from '../../../platform/persistence/data-dir-secret';
import { APP_CONFIG, CLOCK, DOCUMENT_STORE, type Clock } from '../../../platform/persistence/persistence.tokens';
import { activeHoldsFilter, CHECKOUT_HOLDS, type CheckoutHoldDoc } from '../checkout-holds/checkout-holds.projection';
import { CheckoutGate, type CheckoutGateStats } from './checkout-gate';
import { holderKeys, type CheckoutClient } from './checkout-holder';
import { ClientCheckoutLimits } from './client-checkout-limits';

/** The secret the admin tokens use (JWT_SECRET, or the one generated into DATA_DIR): shared by every process. */
const GENERATED_SECRET_FILE = 'jwt-secret';

/** A checkout let in: who holds it, and what to give back when it ends. */
export interface AdmittedCheckout {
  holder: { client: string; browser: string };
  signal: AbortSignal;
  /** Gives back the turn; `holdRecorded` once the checkout's hold is in the read model (or it failed). */
  leave(): void;
}

/**
 * The door to checkout: per-client attempts a minute, a bounded number of checkouts in progress with a
 * bounded queue, and per-client holds. Everything here is refused with a status and a `Retry-After`
 * (429 for one client asking too much, 503 for a shop too busy), never by making a client wait for ever.
 */
@Injectable()
export class CheckoutAdmission implements OnModuleInit {
  private readonly gate: CheckoutGate;
  private readonly limits: ClientCheckoutLimits;
  private secret = '';

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DOCUMENT_STORE) private readonly documents: DocumentStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    const { concurrency, queueLimit, queueWaitMs, ratePerMinute, holdsPerClient } = config.checkout;
    this.gate = new CheckoutGate({ concurrency, queueLimit, maxWaitMs: queueWaitMs });
    this.limits = new ClientCheckoutLimits({ ratePerMinute, holdsPerClient });
  }

  async onModuleInit(): Promise<void> {
    this.secret =
      this.config.admin.jwtSecret ??
      (await readOrCreateSecretFile(join(this.config.dataDir, GENERATED_SECRET_FILE), () => Promise.resolve(generateSecret()))).value;
  }

  /** The holder keys of a client, as OrderPlaced records them. */
  keysOf(client: Pick<CheckoutClient, 'address' | 'browserToken'>): { client: string; browser: string } {
    return holderKeys(this.secret, client);
  }

  /** Counts the attempt, then waits for a turn (or refuses). */
  async enter(client: CheckoutClient): Promise<AdmittedCheckout> {
    const holder = this.keysOf(client);
    this.limits.countAttempt(holder.client, this.clock.now().getTime());
    const leaveGate = await this.gate.enter(client.signal);
    return { holder, signal: client.signal, leave: leaveGate };
  }

  /** The holds this browser has now (to be replaced by its new checkout). */
  async holdsOfBrowser(browser: string): Promise<CheckoutHoldDoc[]> {
    return this.documents.collection<CheckoutHoldDoc>(CHECKOUT_HOLDS).find(activeHoldsFilter({ browser }, this.clock.now().toISOString()));
  }

  /** Claims one of the client's holds (throws at the cap); returns the function that gives the claim back. */
  async claimHold(client: string, except: readonly string[]): Promise<() => void> {
    const now = this.clock.now();
    const holds = await this.documents.collection<CheckoutHoldDoc>(CHECKOUT_HOLDS).find(activeHoldsFilter({ client }, now.toISOString()));
    return this.limits.claimHold(
      client,
      holds.filter((hold) => !except.includes(hold._id)),
      now.getTime(),
    );
  }

  stats(): CheckoutGateStats {
    return this.gate.stats();
  }

  queueLimit(): number {
    return this.config.checkout.queueLimit;
  }
}
