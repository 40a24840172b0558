import { createHmac, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Stripe from 'stripe';
import type { EventStore } from '@brewery/eventstore';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { PaymentErrors } from '../domain/payment.errors';
import { offSessionOutcome, setupCardOutcome, testCardOutcome } from '../domain/test-cards';
import {
  intentDecider,
  secretDecider,
  setupDecider,
  setupIntentOfCard,
  testSetupStreamName,
  type SetupStep,
  type StoredSetupIntent,
  TEST_GATEWAY_SECRET_STREAM,
  testIntentStreamName,
  type IntentEventType,
  type IntentStep,
  type IntentView,
  type StoredEvent,
  type StoredIntent,
} from '../domain/test-intent';

import {
  PaymentIntentStateError,
  type CreateSetupIntentInput,
  type OffSessionChargeInput,
  type ProviderSetupIntent,
  type CreatePaymentIntentInput,
  type PaymentGateway,
  type ProviderPaymentIntent,
  type ProviderRefund,
} from './payment-gateway.port';

/** A provider event ready to deliver: the exact bytes and their Stripe-Signature header. */
export interface SignedProviderEvent {
  eventId: string;
  payload: string;
  signature: string;
}

export interface TestSetupConfirmation {
  setupIntent: ProviderSetupIntent;
  /** The event the confirmation produced; null when the card had already been saved. */
  event: SignedProviderEvent | null;
  error: { code: string; declineCode: string; message: string } | null;
}

export interface TestConfirmation {
  intent: ProviderPaymentIntent;
  /** The event the confirmation produced; null when the intent had already succeeded (nothing new happened). */
  event: SignedProviderEvent | null;
  error: { code: string; declineCode: string; message: string } | null;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomId(length: number): string {
  return toIdAlphabet(randomBytes(length));
}

function toIdAlphabet(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
}

/**
 * Plays Stripe when no keys are configured: Stripe-shaped payment intents and client secrets, the test cards,
 * and events signed with its own webhook secret through the Stripe SDK, delivered to the shop's webhook
 * handler like Stripe's. It stands for an external system that every shop process talks to, so it keeps its
 * state in the shared event store: one stream per intent (`test-gateway-intent-<id>`), each change an event
 * holding the intent as it is after and the provider event it produced, and its webhook secret in
 * `test-gateway-settings` (also written to `DATA_DIR/test-gateway/webhook-secret` for tools that sign test
 * events). An intent created through one process is confirmed, captured or refunded through any other: its
 * steps go through the command pipeline, which takes them in turn in a process and, across processes, decides
 * again a step taken on a state another process has moved past.
 */
export class TestPaymentGateway implements PaymentGateway {
  readonly mode = 'test' as const;

  private constructor(
    private readonly pipeline: CommandPipeline,
    readonly webhookSecret: string,
  ) {}

  /**
   * Opens the gateway on the shop's event store. The webhook secret is the store's (the first process to start
   * chooses it, or takes the one an older data directory kept), so every process signs and checks alike.
   */
  static async open(store: EventStore, directory: string, pipeline = new CommandPipeline(store)): Promise<TestPaymentGateway> {
    const secretFile = join(directory, 'webhook-secret');
    const kept = await readFile(secretFile, 'utf8').then(
      (text) => text.trim(),
      () => null,
    );
    const proposed = kept ?? `whsec_${randomBytes(24).toString('hex')}`;
    const { state: secret } = await pipeline.run({
      streamName: TEST_GATEWAY_SECRET_STREAM,
      decider: secretDecider,
      command: { proposed },
      cause: GATEWAY_CAUSE,
    });
    if (secret === null) throw new Error('the test gateway recorded no webhook secret');
    if (kept !== secret) {
      await mkdir(directory, { recursive: true });
      await writeAtomically(secretFile, secret, 0o600);
    }
    await importKeptIntents(pipeline, directory);
    return new TestPaymentGateway(pipeline, secret);
  }

  /**
   * One intent per idempotency key, as Stripe keeps it: the intent's id is derived from the key, so asking
   * again (through any process) finds the same intent. Derived with the gateway's secret, so an id tells nobody
   * which order it pays (a plain hash of `order-7` could be worked out by anyone).
   */
  async createPaymentIntent(input: CreatePaymentIntentInput): Promise<ProviderPaymentIntent> {
    const digest = createHmac('sha256', this.webhookSecret).update(`test-gateway:${input.idempotencyKey}`).digest();
    const id = `pi_test_${toIdAlphabet(digest.subarray(0, 24))}`;
    const { intent } = await this.step(id, (known) => {
      if (known) return null;
      const created: StoredIntent = {
        id,
        object: 'payment_intent',
        amount: input.amountCents,
        amount_received: 0,
        currency: input.currency,
        status: 'requires_payment_method',
        capture_method: 'manual',
        amount_capturable: 0,
        cancellation_reason: null,
        client_secret: `${id}_secret_${randomId(24)}`,
        metadata: { orderId: input.orderId, orderNumber: input.orderId },
        description: input.description,
        receipt_email: input.customerEmail,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        automatic_payment_methods: { enabled: true },
        last_payment_error: null,
      };
      return { type: 'TestIntentCreated', intent: created };
    });
    return toProvider(intent);
  }

  async retrievePaymentIntent(paymentIntentId: string): Promise<ProviderPaymentIntent | null> {
    const known = await this.read(paymentIntentId);
    return known ? toProvider(known.intent) : null;
  }

  health(): Promise<{ ok: boolean; detail: string }> {
    return Promise.resolve({ ok: true, detail: 'local test gateway (no Stripe keys configured)' });
  }

  async capturePaymentIntent(paymentIntentId: string): Promise<ProviderPaymentIntent> {
    const { intent } = await this.step(paymentIntentId, (known) => {
      if (!known) throw new PaymentIntentStateError(paymentIntentId, 'unknown', `No such payment intent: ${paymentIntentId}`);
      const recorded = known.intent;
      if (recorded.status === 'succeeded') return null;
      if (recorded.status !== 'requires_capture') {
        throw new PaymentIntentStateError(
          paymentIntentId,
          recorded.status,
          `This PaymentIntent could not be captured because it has a status of ${recorded.status}.`,
        );
      }
      const captured: StoredIntent = {
        ...recorded,
        status: 'succeeded',
        amount_received: recorded.amount_capturable,
        amount_capturable: 0,
      };
      return { type: 'TestIntentCaptured', intent: captured, providerEvent: this.providerEvent(captured, 'payment_intent.succeeded') };
    });
    return toProvider(intent);
  }

  async cancelPaymentIntent(
    paymentIntentId: string,
    _idempotencyKey?: string,
    options: { keepAuthorised?: boolean } = {},
  ): Promise<ProviderPaymentIntent> {
    const { intent } = await this.step(paymentIntentId, (known) => {
      if (!known) throw new PaymentIntentStateError(paymentIntentId, 'unknown', `No such payment intent: ${paymentIntentId}`);
      const recorded = known.intent;
      if (recorded.status === 'canceled') return null;
      // Decided on the intent as it is in this very step: a card confirmed a moment before is never voided.
      if (options.keepAuthorised === true && recorded.status === 'requires_capture') {
        throw new PaymentIntentStateError(
          paymentIntentId,
          recorded.status,
          'The payment intent is requires_capture: its card went through.',
        );
      }
      if (recorded.status === 'succeeded') {
        throw new PaymentIntentStateError(
          paymentIntentId,
          recorded.status,
          'You cannot cancel this PaymentIntent because it has a status of succeeded.',
        );
      }
      const cancelled: StoredIntent = { ...recorded, status: 'canceled', amount_capturable: 0, cancellation_reason: 'abandoned' };
      return { type: 'TestIntentCancelled', intent: cancelled, providerEvent: this.providerEvent(cancelled, 'payment_intent.canceled') };
    });
    return toProvider(intent);
  }

  /** Gives back part or all of a captured payment, once per idempotency key (as Stripe's Refunds API does). */
  async refundPaymentIntent(paymentIntentId: string, amountCents: number, idempotencyKey: string): Promise<ProviderRefund> {
    const { intent } = await this.step(paymentIntentId, (known) => {
      if (!known) throw new PaymentIntentStateError(paymentIntentId, 'unknown', `No such payment intent: ${paymentIntentId}`);
      const recorded = known.intent;
      const refunds = recorded.refunds ?? [];
      const earlier = refunds.find((refund) => refund.idempotency_key === idempotencyKey);
      if (earlier && earlier.amount !== amountCents) {
        // As Stripe answers a key reused with other parameters: nothing is refunded twice, and nobody is told
        // that another request's refund was theirs.
        throw new PaymentIntentStateError(
          paymentIntentId,
          'idempotency_conflict',
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      }
      if (earlier) return null;
      if (recorded.status !== 'succeeded') {
        throw new PaymentIntentStateError(
          paymentIntentId,
          recorded.status,
          `This PaymentIntent has not been captured (${recorded.status}), so it cannot be refunded.`,
        );
      }
      const left = recorded.amount_received - refunds.reduce((sum, refund) => sum + refund.amount, 0);
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > left) {
        throw new PaymentIntentStateError(
          paymentIntentId,
          recorded.status,
          `Refund amount ($${(amountCents / 100).toFixed(2)}) is greater than the unrefunded amount on the charge ($${(left / 100).toFixed(2)}).`,
        );
      }
      const refund = {
        id: `re_test_${randomId(24)}`,
        amount: amountCents,
        idempotency_key: idempotencyKey,
        created: Math.floor(Date.now() / 1000),
      };
      return { type: 'TestIntentRefunded', intent: { ...recorded, refunds: [...refunds, refund] } };
    });
    const made = (intent.refunds ?? []).find((refund) => refund.idempotency_key === idempotencyKey);
    if (made === undefined) throw new Error(`the test gateway recorded no refund under ${idempotencyKey}`);
    return { id: made.id, amountCents: made.amount, status: 'succeeded' };
  }

  /** One SetupIntent (and one customer) per idempotency key, its id derived from the key as an intent's is. */
  async createSetupIntent(input: CreateSetupIntentInput): Promise<ProviderSetupIntent> {
    const digest = createHmac('sha256', this.webhookSecret).update(`test-gateway-setup:${input.idempotencyKey}`).digest();
    const id = `seti_test_${toIdAlphabet(digest.subarray(0, 24))}`;
    const { setup } = await this.setupStep(id, (known) => {
      if (known) return null;
      const created: StoredSetupIntent = {
        id,
        object: 'setup_intent',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomId(24)}`,
        customer: `cus_test_${toIdAlphabet(digest.subarray(24, 32))}`,
        payment_method: null,
        card: null,
        usage: 'off_session',
        metadata: { memberId: input.memberId },
        last_setup_error: null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      return { type: 'TestSetupCreated', setup: created };
    });
    return toProviderSetup(setup);
  }

  async retrieveSetupIntent(setupIntentId: string): Promise<ProviderSetupIntent | null> {
    const known = await this.readSetup(setupIntentId);
    return known ? toProviderSetup(known.setup) : null;
  }

  /**
   * Saves a test card on the SetupIntent, as the browser's card form does with Stripe.js: the cards that charge,
   * decline later (4000 0000 0000 0341) and need authentication later (4000 0027 6000 3184) save; a declined card
   * does not. `clientSecret` must be the setup's. A saved setup stays as it is.
   */
  async confirmSetup(setupIntentId: string, cardNumber: string, clientSecret: string): Promise<TestSetupConfirmation | null> {
    if ((await this.readSetup(setupIntentId)) === null) return null;
    const { setup, providerEvent } = await this.setupStep(setupIntentId, (known) => {
      if (!known) return null;
      const recorded = known.setup;
      if (clientSecret !== recorded.client_secret) throw PaymentErrors.invalidClientSecret();
      if (recorded.status === 'succeeded') return null;
      const outcome = setupCardOutcome(cardNumber);
      if (outcome.kind === 'invalid') throw PaymentErrors.incorrectNumber(outcome.message);
      if (outcome.kind === 'failed') {
        const failed: StoredSetupIntent = {
          ...recorded,
          last_setup_error: { code: outcome.code, decline_code: outcome.declineCode, message: outcome.message },
        };
        return { type: 'TestSetupFailed', setup: failed, providerEvent: this.setupEvent(failed, 'setup_intent.setup_failed') };
      }
      const digits = cardNumber.replace(/[\s-]/g, '');
      const saved: StoredSetupIntent = {
        ...recorded,
        status: 'succeeded',
        payment_method: `pm_${recorded.id}`,
        card: { brand: 'visa', last4: digits.slice(-4), number: digits },
        last_setup_error: null,
      };
      return { type: 'TestSetupSucceeded', setup: saved, providerEvent: this.setupEvent(saved, 'setup_intent.succeeded') };
    });
    const failed = providerEvent !== null && setup.status !== 'succeeded' ? setup.last_setup_error : null;
    return {
      setupIntent: toProviderSetup(setup),
      event: providerEvent === null ? null : this.signed(providerEvent),
      error: failed === null ? null : { code: failed.code, declineCode: failed.decline_code, message: failed.message },
    };
  }

  /** The setup's latest provider event, signed afresh (a redelivery). */
  async latestSetupEvent(setupIntentId: string): Promise<SignedProviderEvent | null> {
    const latest = (await this.readSetup(setupIntentId))?.events.at(-1);
    return latest === undefined ? null : this.signed(latest);
  }

  /**
   * Charges a saved test card with the customer away: the intent is made once per idempotency key and confirmed once
   * per attempt key. The card saved decides: it authorises (the shop captures as for any checkout), is declined, or
   * needs authentication (Stripe's `authentication_required`); both refusals leave the intent payable on-session.
   */
  async chargeOffSession(input: OffSessionChargeInput): Promise<ProviderPaymentIntent> {
    const setupId = setupIntentOfCard(input.paymentMethodId);
    const card = setupId === null ? null : ((await this.readSetup(setupId))?.setup.card ?? null);
    const created = input.paymentIntentId ?? (await this.createPaymentIntent(input)).id;
    const { intent } = await this.step(created, (known) => {
      if (!known) throw new PaymentIntentStateError(created, 'unknown', `No such payment intent: ${created}`);
      const recorded = known.intent;
      if (recorded.status !== 'requires_payment_method' || (recorded.attempts ?? []).includes(input.attemptKey)) return null;
      const attempts = [...(recorded.attempts ?? []), input.attemptKey];
      const outcome = card === null ? null : offSessionOutcome(card.number);
      if (outcome?.kind === 'succeeded') {
        const authorised: StoredIntent = {
          ...recorded,
          attempts,
          status: 'requires_capture',
          amount_capturable: recorded.amount,
          last_payment_error: null,
        };
        return {
          type: 'TestIntentAuthorised',
          intent: authorised,
          providerEvent: this.providerEvent(authorised, 'payment_intent.amount_capturable_updated'),
        };
      }
      const error =
        outcome?.kind === 'failed'
          ? { code: outcome.code, decline_code: outcome.declineCode, message: outcome.message }
          : { code: 'payment_method_not_available', decline_code: '', message: 'No card is saved for these charges.' };
      const declined: StoredIntent = { ...recorded, attempts, last_payment_error: error };
      return { type: 'TestIntentDeclined', intent: declined, providerEvent: this.providerEvent(declined, 'payment_intent.payment_failed') };
    });
    return toProvider(intent);
  }

  /**
   * Pays the intent with a card number, as the browser's test card form does: a good card authorises it
   * (manual capture; the shop captures once the cans are sold). An intent already authorised or paid stays
   * so; a cancelled one refuses. `clientSecret`, when given, must be the intent's (the browser proves it holds it).
   */
  async confirm(paymentIntentId: string, cardNumber: string, clientSecret?: string): Promise<TestConfirmation | null> {
    if ((await this.read(paymentIntentId)) === null) return null;
    const { intent, providerEvent } = await this.step(paymentIntentId, (known) => {
      if (!known) return null;
      const recorded = known.intent;
      if (clientSecret !== undefined && clientSecret !== recorded.client_secret) {
        throw PaymentErrors.invalidClientSecret();
      }
      if (recorded.status === 'canceled') throw PaymentErrors.checkoutEnded();
      if (recorded.status === 'succeeded' || recorded.status === 'requires_capture') return null;
      const outcome = testCardOutcome(cardNumber);
      switch (outcome.kind) {
        case 'invalid':
          throw PaymentErrors.incorrectNumber(outcome.message);
        case 'succeeded': {
          const authorised: StoredIntent = {
            ...recorded,
            status: 'requires_capture',
            amount_capturable: recorded.amount,
            last_payment_error: null,
          };
          return {
            type: 'TestIntentAuthorised',
            intent: authorised,
            providerEvent: this.providerEvent(authorised, 'payment_intent.amount_capturable_updated'),
          };
        }
        case 'failed': {
          const error = { code: outcome.code, decline_code: outcome.declineCode, message: outcome.message };
          const declined: StoredIntent = { ...recorded, status: 'requires_payment_method', last_payment_error: error };
          return {
            type: 'TestIntentDeclined',
            intent: declined,
            providerEvent: this.providerEvent(declined, 'payment_intent.payment_failed'),
          };
        }
        default:
          return outcome satisfies never;
      }
    });
    // A decline says why, from the intent it left; nothing new happened when there is no provider event.
    const declined = providerEvent !== null && intent.status === 'requires_payment_method' ? intent.last_payment_error : null;
    return {
      intent: toProvider(intent),
      event: providerEvent === null ? null : this.signed(providerEvent),
      error: declined === null ? null : { code: declined.code, declineCode: declined.decline_code, message: declined.message },
    };
  }

  /** The intent's latest event, signed afresh (a redelivery: same event id, new signature timestamp). */
  async latestEvent(paymentIntentId: string): Promise<SignedProviderEvent | null> {
    const latest = (await this.read(paymentIntentId))?.events.at(-1);
    return latest === undefined ? null : this.signed(latest);
  }

  /** Signs any payload with the gateway's secret (tests forge and replay events with it). */
  sign(payload: string): string {
    return Stripe.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret });
  }

  /**
   * One step on a known intent through the pipeline: the intent after it (as it was, when the step changed nothing)
   * and the provider event the step produced (null when it produced none).
   */
  private async step(paymentIntentId: string, step: IntentStep): Promise<{ intent: StoredIntent; providerEvent: StoredEvent | null }> {
    const { state, events } = await this.pipeline.run({
      streamName: testIntentStreamName(paymentIntentId),
      decider: intentDecider,
      command: step,
      cause: GATEWAY_CAUSE,
    });
    if (state === null) throw new PaymentIntentStateError(paymentIntentId, 'unknown', `No such payment intent: ${paymentIntentId}`);
    return { intent: state.intent, providerEvent: events[0]?.data.providerEvent ?? null };
  }

  private async setupStep(
    setupIntentId: string,
    step: SetupStep,
  ): Promise<{ setup: StoredSetupIntent; providerEvent: StoredEvent | null }> {
    const { state, events } = await this.pipeline.run({
      streamName: testSetupStreamName(setupIntentId),
      decider: setupDecider,
      command: step,
      cause: GATEWAY_CAUSE,
    });
    if (state === null) throw new PaymentIntentStateError(setupIntentId, 'unknown', `No such setup intent: ${setupIntentId}`);
    return { setup: state.setup, providerEvent: events[0]?.data.providerEvent ?? null };
  }

  private async readSetup(setupIntentId: string): Promise<{ setup: StoredSetupIntent; events: StoredEvent[] } | null> {
    if (!/^seti_[A-Za-z0-9_]+$/.test(setupIntentId)) return null;
    return (await this.pipeline.load(testSetupStreamName(setupIntentId), setupDecider)).state;
  }

  /** The provider event a setup's change produces (the saved card's number is the gateway's own, never sent). */
  private setupEvent(setup: StoredSetupIntent, type: 'setup_intent.succeeded' | 'setup_intent.setup_failed'): StoredEvent {
    const { card: _card, ...shown } = setup;
    return providerEventOf(shown, type);
  }

  /** The provider event a change produces, in Stripe's shape. */
  private providerEvent(intent: StoredIntent, type: IntentEventType): StoredEvent {
    return providerEventOf(intent, type);
  }

  private signed(event: StoredEvent): SignedProviderEvent {
    return { eventId: event.id, payload: event.payload, signature: this.sign(event.payload) };
  }

  /** The intent as its stream says, with the provider events it produced; null when the gateway never made it. */
  private async read(paymentIntentId: string): Promise<IntentView> {
    if (!/^pi_[A-Za-z0-9_]+$/.test(paymentIntentId)) return null;
    return (await this.pipeline.load(testIntentStreamName(paymentIntentId), intentDecider)).state;
  }
}

/** Who the gateway's records are written by: the provider it plays. */
const GATEWAY_CAUSE: Cause = { correlationId: 'test-gateway', actor: 'stripe' };

/**
 * Intents of older data directories were files under `intents/`: each is recorded in the store once (with the events
 * it had produced), the first time a process opens the directory, and goes on from there as any other.
 */
async function importKeptIntents(pipeline: CommandPipeline, directory: string): Promise<void> {
  const files = await readdir(join(directory, 'intents')).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  for (const file of files.filter((name) => /^pi_[A-Za-z0-9_]+\.json$/.test(name))) {
    const kept = JSON.parse(await readFile(join(directory, 'intents', file), 'utf8')) as StoredIntent & {
      events?: (StoredEvent | string)[];
    };
    const { events = [], ...intent } = kept;
    const providerEvents: StoredEvent[] = [];
    for (const event of events) {
      providerEvents.push(
        typeof event === 'string' ? { id: event, payload: await readFile(join(directory, 'events', `${event}.json`), 'utf8') } : event,
      );
    }
    await pipeline.run({
      streamName: testIntentStreamName(intent.id),
      decider: intentDecider,
      command: { type: 'ImportKept', data: { intent, providerEvent: null, providerEvents } },
      cause: GATEWAY_CAUSE,
    });
  }
}

/** A provider event about `object`, in Stripe's shape, with a new event id. */
function providerEventOf(object: object, type: string): StoredEvent {
  const eventId = `evt_test_${randomId(24)}`;
  const payload = JSON.stringify(
    {
      id: eventId,
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: { object },
    },
    null,
    2,
  );
  return { id: eventId, payload };
}

function toProviderSetup(setup: StoredSetupIntent): ProviderSetupIntent {
  return {
    id: setup.id,
    clientSecret: setup.client_secret,
    status: setup.status,
    customerId: setup.customer,
    paymentMethodId: setup.payment_method,
    card: setup.card === null ? null : { brand: setup.card.brand, last4: setup.card.last4 },
    memberId: setup.metadata['memberId'] ?? null,
    lastError: setup.last_setup_error ? { code: setup.last_setup_error.code, message: setup.last_setup_error.message } : null,
  };
}

function toProvider(intent: StoredIntent): ProviderPaymentIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret,
    amountCents: intent.amount,
    currency: intent.currency,
    status: intent.status,
    amountCapturableCents: intent.amount_capturable ?? 0,
    amountReceivedCents: intent.amount_received,
    orderId: intent.metadata['orderId'] ?? null,
    lastError: intent.last_payment_error ? { code: intent.last_payment_error.code, message: intent.last_payment_error.message } : null,
  };
}

/** Writes the file beside its place and renames it there, so a reader never sees half of it. */
async function writeAtomically(file: string, content: string, mode: number): Promise<void> {
  const temporary = `${file}.${process.pid}.${randomId(6)}.tmp`;
  await writeFile(temporary, content, { mode });
  await rename(temporary, file);
}
