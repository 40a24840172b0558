import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync, renameSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Stripe from 'stripe';
import { DomainError } from '../../../shared-kernel/domain-error';
import { testCardOutcome } from '../domain/test-cards';
import {
  PaymentIntentStateError,
  type CreatePaymentIntentInput,
  type PaymentGateway,
  type ProviderPaymentIntent,
  type ProviderRefund,
} from './payment-gateway.port';

/** What the browser hears when it tries to pay an intent the shop has cancelled. */
export const CHECKOUT_ENDED_MESSAGE =
  'This checkout has ended (it expired or was replaced), so it can no longer be paid. Nothing was charged.';

type IntentEventType =
  'payment_intent.amount_capturable_updated' | 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'payment_intent.canceled';

/** A payment intent as the local gateway stores it: the fields of Stripe's object that the shop reads. */
interface StoredIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_capture' | 'succeeded' | 'canceled';
  capture_method: 'manual';
  amount_capturable: number;
  cancellation_reason: string | null;
  client_secret: string;
  metadata: Record<string, string>;
  description: string;
  receipt_email: string;
  created: number;
  livemode: false;
  automatic_payment_methods: { enabled: true };
  last_payment_error: { code: string; decline_code: string; message: string } | null;
  /** Refunds made of the captured amount, by idempotency key (absent: none). */
  refunds?: { id: string; amount: number; idempotency_key: string; created: number }[];
  /**
   * Provider events this intent produced, oldest first, each with its exact bytes (older data directories
   * hold only the id, the bytes in `events/<id>.json`).
   */
  events: (StoredEvent | string)[];
}

interface StoredEvent {
  id: string;
  payload: string;
}

/** A provider event ready to deliver: the exact bytes and their Stripe-Signature header. */
export interface SignedProviderEvent {
  eventId: string;
  payload: string;
  signature: string;
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
 * handler like Stripe's. It stands for an external system, so it keeps its state in `DATA_DIR/test-gateway/`
 * and survives a restart of the shop: one file per intent, holding the events it produced, written beside it
 * and renamed into place. Files are read and written without blocking the event loop (on a busy release day
 * their synchronous writes were a quarter of the server's main thread), and the steps on one intent take turns.
 */
export class TestPaymentGateway implements PaymentGateway {
  readonly mode = 'test' as const;
  readonly webhookSecret: string;
  /** The last step queued on each intent; an intent leaves the map when its queue empties. */
  private readonly turns = new Map<string, Promise<unknown>>();

  constructor(private readonly directory: string) {
    for (const sub of ['intents']) mkdirSync(join(directory, sub), { recursive: true });
    const secretFile = join(directory, 'webhook-secret');
    if (!existsSync(secretFile)) writeAtomically(secretFile, `whsec_${randomBytes(24).toString('hex')}`, 0o600);
    this.webhookSecret = readFileSync(secretFile, 'utf8').trim();
  }

  /**
   * One intent per idempotency key, as Stripe keeps it: the intent's id is derived from the key (keyed with the
   * gateway's secret), so asking again finds the same intent without a second file to keep.
   */
  createPaymentIntent(input: CreatePaymentIntentInput): Promise<ProviderPaymentIntent> {
    const id = `pi_test_${toIdAlphabet(createHmac('sha256', this.webhookSecret).update(input.idempotencyKey).digest().subarray(0, 24))}`;
    return this.inTurn(id, async () => {
      const known = await this.read(id);
      if (known) return toProvider(known);
      const intent: StoredIntent = {
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
        events: [],
      };
      await this.write(intent);
      return toProvider(intent);
    });
  }

  async retrievePaymentIntent(paymentIntentId: string): Promise<ProviderPaymentIntent | null> {
    const intent = await this.read(paymentIntentId);
    return intent ? toProvider(intent) : null;
  }

  health(): Promise<{ ok: boolean; detail: string }> {
    return Promise.resolve({ ok: true, detail: 'local test gateway (no Stripe keys configured)' });
  }

  capturePaymentIntent(paymentIntentId: string): Promise<ProviderPaymentIntent> {
    return this.inTurn(paymentIntentId, async () => {
      const intent = await this.read(paymentIntentId);
      if (!intent) throw new PaymentIntentStateError(paymentIntentId, 'unknown', `No such payment intent: ${paymentIntentId}`);
      if (intent.status === 'succeeded') return toProvider(intent);
      if (intent.status !== 'requires_capture') {
        throw new PaymentIntentStateError(
          paymentIntentId,
          intent.status,
          `This PaymentIntent could not be captured because it has a status of ${intent.status}.`,
        );
      }
      const captured: StoredIntent = { ...intent, status: 'succeeded', amount_received: intent.amount_capturable, amount_capturable: 0 };
      await this.emit(captured, 'payment_intent.succeeded');
      return toProvider(captured);
    });
  }

  cancelPaymentIntent(paymentIntentId: string): Promise<ProviderPaymentIntent> {
    return this.inTurn(paymentIntentId, async () => {
      const intent = await this.read(paymentIntentId);
      if (!intent) throw new PaymentIntentStateError(paymentIntentId, 'unknown', `No such payment intent: ${paymentIntentId}`);
      if (intent.status === 'canceled') return toProvider(intent);
      if (intent.status === 'succeeded') {
        throw new PaymentIntentStateError(
          paymentIntentId,
          intent.status,
          'You cannot cancel this PaymentIntent because it has a status of succeeded.',
        );
      }
      const cancelled: StoredIntent = { ...intent, status: 'canceled', amount_capturable: 0, cancellation_reason: 'abandoned' };
      await this.emit(cancelled, 'payment_intent.canceled');
      return toProvider(cancelled);
    });
  }

  /** Gives back part or all of a captured payment, once per idempotency key (as Stripe's Refunds API does). */
  refundPaymentIntent(paymentIntentId: string, amountCents: number, idempotencyKey: string): Promise<ProviderRefund> {
    return this.inTurn(paymentIntentId, async () => {
      const intent = await this.read(paymentIntentId);
      if (!intent) throw new PaymentIntentStateError(paymentIntentId, 'unknown', `No such payment intent: ${paymentIntentId}`);
      const refunds = intent.refunds ?? [];
      const known = refunds.find((refund) => refund.idempotency_key === idempotencyKey);
      if (known && known.amount !== amountCents) {
        // As Stripe answers a key reused with other parameters: nothing is refunded twice, and nobody is told
        // that another request's refund was theirs.
        throw new PaymentIntentStateError(
          paymentIntentId,
          'idempotency_conflict',
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      }
      if (known) return { id: known.id, amountCents: known.amount, status: 'succeeded' };
      if (intent.status !== 'succeeded') {
        throw new PaymentIntentStateError(
          paymentIntentId,
          intent.status,
          `This PaymentIntent has not been captured (${intent.status}), so it cannot be refunded.`,
        );
      }
      const left = intent.amount_received - refunds.reduce((sum, refund) => sum + refund.amount, 0);
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > left) {
        throw new PaymentIntentStateError(
          paymentIntentId,
          intent.status,
          `Refund amount ($${(amountCents / 100).toFixed(2)}) is greater than the unrefunded amount on the charge ($${(left / 100).toFixed(2)}).`,
        );
      }
      const refund = {
        id: `re_test_${randomId(24)}`,
        amount: amountCents,
        idempotency_key: idempotencyKey,
        created: Math.floor(Date.now() / 1000),
      };
      await this.write({ ...intent, refunds: [...refunds, refund] });
      return { id: refund.id, amountCents, status: 'succeeded' };
    });
  }

  /**
   * Pays the intent with a card number, as the browser's test card form does: a good card authorises it
   * (manual capture; the shop captures once the cans are sold). An intent already authorised or paid stays
   * so; a cancelled one refuses. `clientSecret`, when given, must be the intent's (the browser proves it holds it).
   */
  confirm(paymentIntentId: string, cardNumber: string, clientSecret?: string): Promise<TestConfirmation | null> {
    return this.inTurn(paymentIntentId, async () => {
      const intent = await this.read(paymentIntentId);
      if (!intent) return null;
      if (clientSecret !== undefined && clientSecret !== intent.client_secret) {
        throw new DomainError('invalid_client_secret', 'The client secret does not belong to this payment intent', 'validation');
      }
      if (intent.status === 'canceled') throw new DomainError('payment_intent_unexpected_state', CHECKOUT_ENDED_MESSAGE, 'conflict');
      if (intent.status === 'succeeded' || intent.status === 'requires_capture')
        return { intent: toProvider(intent), event: null, error: null };
      const outcome = testCardOutcome(cardNumber);
      switch (outcome.kind) {
        case 'invalid':
          throw new DomainError('incorrect_number', outcome.message, 'validation');
        case 'succeeded': {
          const authorised: StoredIntent = {
            ...intent,
            status: 'requires_capture',
            amount_capturable: intent.amount,
            last_payment_error: null,
          };
          return {
            intent: toProvider(authorised),
            event: await this.emit(authorised, 'payment_intent.amount_capturable_updated'),
            error: null,
          };
        }
        case 'failed': {
          const error = { code: outcome.code, decline_code: outcome.declineCode, message: outcome.message };
          const declined: StoredIntent = { ...intent, status: 'requires_payment_method', last_payment_error: error };
          return {
            intent: toProvider(declined),
            event: await this.emit(declined, 'payment_intent.payment_failed'),
            error: { code: outcome.code, declineCode: outcome.declineCode, message: outcome.message },
          };
        }
        default:
          return outcome satisfies never;
      }
    });
  }

  /** The intent's latest event, signed afresh (a redelivery: same event id, new signature timestamp). */
  async latestEvent(paymentIntentId: string): Promise<SignedProviderEvent | null> {
    const latest = (await this.read(paymentIntentId))?.events.at(-1);
    if (latest === undefined) return null;
    const { id, payload } =
      typeof latest === 'string'
        ? { id: latest, payload: await readFile(join(this.directory, 'events', `${latest}.json`), 'utf8') }
        : latest;
    return { eventId: id, payload, signature: this.sign(payload) };
  }

  /** Signs any payload with the gateway's secret (tests forge and replay events with it). */
  sign(payload: string): string {
    return Stripe.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret });
  }

  /** Runs the steps on one intent one after another (a capture and a cancel must not both read the same state). */
  private inTurn<T>(paymentIntentId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.turns.get(paymentIntentId) ?? Promise.resolve();
    const mine = previous.then(work, work);
    const settled = mine.then(
      () => undefined,
      () => undefined,
    );
    this.turns.set(paymentIntentId, settled);
    void settled.then(() => {
      if (this.turns.get(paymentIntentId) === settled) this.turns.delete(paymentIntentId);
    });
    return mine;
  }

  /** Records the event with the intent's new state, in one write. */
  private async emit(intent: StoredIntent, type: IntentEventType): Promise<SignedProviderEvent> {
    const eventId = `evt_test_${randomId(24)}`;
    const { events: _events, ...object } = intent;
    void _events;
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
    await this.write({ ...intent, events: [...intent.events, { id: eventId, payload }] });
    return { eventId, payload, signature: this.sign(payload) };
  }

  private async read(paymentIntentId: string): Promise<StoredIntent | null> {
    if (!/^pi_[A-Za-z0-9_]+$/.test(paymentIntentId)) return null;
    try {
      return JSON.parse(await readFile(join(this.directory, 'intents', `${paymentIntentId}.json`), 'utf8')) as StoredIntent;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  private async write(intent: StoredIntent): Promise<void> {
    const file = join(this.directory, 'intents', `${intent.id}.json`);
    const temporary = `${file}.${process.pid}.${randomId(6)}.tmp`;
    await writeFile(temporary, JSON.stringify(intent));
    await rename(temporary, file);
  }
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
function writeAtomically(file: string, content: string, mode?: number): void {
  const temporary = `${file}.${process.pid}.${randomId(6)}.tmp`;
  writeFileSync(temporary, content, mode === undefined ? undefined : { mode });
  renameSync(temporary, file);
}
