import { createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Stripe from 'stripe';
import { WrongExpectedRevisionError, type EventStore, type EventToAppend, type RecordedEvent } from '@brewery/eventstore';
import { PaymentErrors } from '../domain/payment.errors';
import { testCardOutcome } from '../domain/test-cards';
import {
  PaymentIntentStateError,
  type CreatePaymentIntentInput,
  type PaymentGateway,
  type ProviderPaymentIntent,
  type ProviderRefund,
} from './payment-gateway.port';

type IntentEventType =
  'payment_intent.amount_capturable_updated' | 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'payment_intent.canceled';

/** A payment intent as the local gateway keeps it: the fields of Stripe's object that the shop reads. */
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
}

/** A provider event with its exact bytes, as it was (and will again be) delivered. */
interface StoredEvent {
  id: string;
  payload: string;
}

/**
 * What happened to an intent, one event each in its stream `test-gateway-intent-<id>`: the intent as it is
 * after, and the provider event the change produced (delivered to the webhook), if any.
 */
export const TEST_INTENT_EVENT_TYPES = [
  'TestIntentCreated',
  'TestIntentAuthorised',
  'TestIntentDeclined',
  'TestIntentCaptured',
  'TestIntentCancelled',
  'TestIntentRefunded',
  'TestIntentImported',
] as const;
type TestIntentEventType = (typeof TEST_INTENT_EVENT_TYPES)[number];
interface TestIntentEventData {
  intent: StoredIntent;
  providerEvent: StoredEvent | null;
  /** Only on TestIntentImported: the events an intent kept in a file (older data directories) had produced. */
  providerEvents?: StoredEvent[];
}

/** An intent with everything it has produced, and the revision of its stream. */
interface IntentRecord {
  intent: StoredIntent;
  events: StoredEvent[];
  revision: number;
}

/** A change to make: the event to record, and what the caller is answered. */
interface Change<T> {
  record?: { type: TestIntentEventType; intent: StoredIntent; providerEvent?: StoredEvent | null };
  answer: T;
}

export const TEST_GATEWAY_SECRET_STREAM = 'test-gateway-settings';
export const testIntentStreamName = (paymentIntentId: string): string => `test-gateway-intent-${paymentIntentId}`;
/** Attempts at one step when another shop process changed the same intent first. */
const MAX_ATTEMPTS = 10;

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
 * handler like Stripe's. It stands for an external system that every shop process talks to, so it keeps its
 * state in the shared event store: one stream per intent (`test-gateway-intent-<id>`), each change an event
 * holding the intent as it is after and the provider event it produced, and its webhook secret in
 * `test-gateway-settings` (also written to `DATA_DIR/test-gateway/webhook-secret` for tools that sign test
 * events). An intent created through one process is confirmed, captured or refunded through any other: the
 * steps on one intent take turns in a process, and across processes the store's expected revision refuses a
 * step taken on a state another process has moved past, which is then taken again.
 */
export class TestPaymentGateway implements PaymentGateway {
  readonly mode = 'test' as const;
  /** The last step queued on each intent; an intent leaves the map when its queue empties. */
  private readonly turns = new Map<string, Promise<unknown>>();

  private constructor(
    private readonly store: EventStore,
    /** Where intents of older data directories were kept as files (read once, then recorded in the store). */
    private readonly directory: string,
    readonly webhookSecret: string,
  ) {}

  /**
   * Opens the gateway on the shop's event store. The webhook secret is the store's (the first process to start
   * chooses it, or takes the one an older data directory kept), so every process signs and checks alike.
   */
  static async open(store: EventStore, directory: string): Promise<TestPaymentGateway> {
    const secretFile = join(directory, 'webhook-secret');
    const kept = await readFile(secretFile, 'utf8').then(
      (text) => text.trim(),
      () => null,
    );
    const secret = await sharedSecret(store, kept ?? `whsec_${randomBytes(24).toString('hex')}`);
    if (kept !== secret) {
      await mkdir(directory, { recursive: true });
      await writeAtomically(secretFile, secret, 0o600);
    }
    return new TestPaymentGateway(store, directory, secret);
  }

  /**
   * One intent per idempotency key, as Stripe keeps it: the intent's id is derived from the key, so asking
   * again (through any process) finds the same intent. Derived with the gateway's secret, so an id tells nobody
   * which order it pays (a plain hash of `order-7` could be worked out by anyone).
   */
  createPaymentIntent(input: CreatePaymentIntentInput): Promise<ProviderPaymentIntent> {
    const digest = createHmac('sha256', this.webhookSecret).update(`test-gateway:${input.idempotencyKey}`).digest();
    const id = `pi_test_${toIdAlphabet(digest.subarray(0, 24))}`;
    return this.step(id, (known): Change<ProviderPaymentIntent> => {
      if (known) return { answer: toProvider(known.intent) };
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
      };
      return { record: { type: 'TestIntentCreated', intent }, answer: toProvider(intent) };
    });
  }

  async retrievePaymentIntent(paymentIntentId: string): Promise<ProviderPaymentIntent | null> {
    const known = await this.read(paymentIntentId);
    return known ? toProvider(known.intent) : null;
  }

  health(): Promise<{ ok: boolean; detail: string }> {
    return Promise.resolve({ ok: true, detail: 'local test gateway (no Stripe keys configured)' });
  }

  capturePaymentIntent(paymentIntentId: string): Promise<ProviderPaymentIntent> {
    return this.step(paymentIntentId, (known): Change<ProviderPaymentIntent> => {
      if (!known) throw new PaymentIntentStateError(paymentIntentId, 'unknown', `No such payment intent: ${paymentIntentId}`);
      const intent = known.intent;
      if (intent.status === 'succeeded') return { answer: toProvider(intent) };
      if (intent.status !== 'requires_capture') {
        throw new PaymentIntentStateError(
          paymentIntentId,
          intent.status,
          `This PaymentIntent could not be captured because it has a status of ${intent.status}.`,
        );
      }
      const captured: StoredIntent = { ...intent, status: 'succeeded', amount_received: intent.amount_capturable, amount_capturable: 0 };
      return {
        record: { type: 'TestIntentCaptured', intent: captured, providerEvent: this.providerEvent(captured, 'payment_intent.succeeded') },
        answer: toProvider(captured),
      };
    });
  }

  cancelPaymentIntent(
    paymentIntentId: string,
    _idempotencyKey?: string,
    options: { keepAuthorised?: boolean } = {},
  ): Promise<ProviderPaymentIntent> {
    return this.step(paymentIntentId, (known): Change<ProviderPaymentIntent> => {
      if (!known) throw new PaymentIntentStateError(paymentIntentId, 'unknown', `No such payment intent: ${paymentIntentId}`);
      const intent = known.intent;
      if (intent.status === 'canceled') return { answer: toProvider(intent) };
      // Decided on the intent as it is in this very step: a card confirmed a moment before is never voided.
      if (options.keepAuthorised === true && intent.status === 'requires_capture') {
        throw new PaymentIntentStateError(paymentIntentId, intent.status, 'The payment intent is requires_capture: its card went through.');
      }
      if (intent.status === 'succeeded') {
        throw new PaymentIntentStateError(
          paymentIntentId,
          intent.status,
          'You cannot cancel this PaymentIntent because it has a status of succeeded.',
        );
      }
      const cancelled: StoredIntent = { ...intent, status: 'canceled', amount_capturable: 0, cancellation_reason: 'abandoned' };
      return {
        record: { type: 'TestIntentCancelled', intent: cancelled, providerEvent: this.providerEvent(cancelled, 'payment_intent.canceled') },
        answer: toProvider(cancelled),
      };
    });
  }

  /** Gives back part or all of a captured payment, once per idempotency key (as Stripe's Refunds API does). */
  refundPaymentIntent(paymentIntentId: string, amountCents: number, idempotencyKey: string): Promise<ProviderRefund> {
    return this.step(paymentIntentId, (known): Change<ProviderRefund> => {
      if (!known) throw new PaymentIntentStateError(paymentIntentId, 'unknown', `No such payment intent: ${paymentIntentId}`);
      const intent = known.intent;
      const refunds = intent.refunds ?? [];
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
      if (earlier) return { answer: { id: earlier.id, amountCents: earlier.amount, status: 'succeeded' } };
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
      return {
        record: { type: 'TestIntentRefunded', intent: { ...intent, refunds: [...refunds, refund] } },
        answer: { id: refund.id, amountCents, status: 'succeeded' },
      };
    });
  }

  /**
   * Pays the intent with a card number, as the browser's test card form does: a good card authorises it
   * (manual capture; the shop captures once the cans are sold). An intent already authorised or paid stays
   * so; a cancelled one refuses. `clientSecret`, when given, must be the intent's (the browser proves it holds it).
   */
  confirm(paymentIntentId: string, cardNumber: string, clientSecret?: string): Promise<TestConfirmation | null> {
    return this.step(paymentIntentId, (known): Change<TestConfirmation | null> => {
      if (!known) return { answer: null };
      const intent = known.intent;
      if (clientSecret !== undefined && clientSecret !== intent.client_secret) {
        throw PaymentErrors.invalidClientSecret();
      }
      if (intent.status === 'canceled') throw PaymentErrors.checkoutEnded();
      if (intent.status === 'succeeded' || intent.status === 'requires_capture')
        return { answer: { intent: toProvider(intent), event: null, error: null } };
      const outcome = testCardOutcome(cardNumber);
      switch (outcome.kind) {
        case 'invalid':
          throw PaymentErrors.incorrectNumber(outcome.message);
        case 'succeeded': {
          const authorised: StoredIntent = {
            ...intent,
            status: 'requires_capture',
            amount_capturable: intent.amount,
            last_payment_error: null,
          };
          const providerEvent = this.providerEvent(authorised, 'payment_intent.amount_capturable_updated');
          return {
            record: { type: 'TestIntentAuthorised', intent: authorised, providerEvent },
            answer: { intent: toProvider(authorised), event: this.signed(providerEvent), error: null },
          };
        }
        case 'failed': {
          const error = { code: outcome.code, decline_code: outcome.declineCode, message: outcome.message };
          const declined: StoredIntent = { ...intent, status: 'requires_payment_method', last_payment_error: error };
          const providerEvent = this.providerEvent(declined, 'payment_intent.payment_failed');
          return {
            record: { type: 'TestIntentDeclined', intent: declined, providerEvent },
            answer: {
              intent: toProvider(declined),
              event: this.signed(providerEvent),
              error: { code: outcome.code, declineCode: outcome.declineCode, message: outcome.message },
            },
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
    return latest === undefined ? null : this.signed(latest);
  }

  /** Signs any payload with the gateway's secret (tests forge and replay events with it). */
  sign(payload: string): string {
    return Stripe.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret });
  }

  /**
   * One step on an intent: `decide` sees the intent as recorded (null when unknown) and says what to record and
   * answer. Steps on one intent take turns in this process; when another process recorded a change first, the
   * step is decided again on the intent as it is now.
   */
  private step<T>(paymentIntentId: string, decide: (known: IntentRecord | null) => Change<T>): Promise<T> {
    return this.inTurn(paymentIntentId, async () => {
      for (let attempt = 1; ; attempt += 1) {
        const known = await this.read(paymentIntentId);
        const change = decide(known);
        if (change.record === undefined) return change.answer;
        const { type, intent, providerEvent = null } = change.record;
        const event: EventToAppend = {
          type,
          data: { intent, providerEvent } satisfies TestIntentEventData,
          metadata: { correlationId: paymentIntentId, causationId: null, actor: 'stripe', occurredAt: new Date().toISOString() },
        };
        try {
          await this.store.append(testIntentStreamName(paymentIntentId), [event], {
            expectedRevision: known === null ? 'no_stream' : known.revision,
          });
          return change.answer;
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
        }
      }
    });
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

  /** The provider event a change produces, in Stripe's shape. */
  private providerEvent(intent: StoredIntent, type: IntentEventType): StoredEvent {
    const eventId = `evt_test_${randomId(24)}`;
    const payload = JSON.stringify(
      {
        id: eventId,
        object: 'event',
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        type,
        data: { object: intent },
      },
      null,
      2,
    );
    return { id: eventId, payload };
  }

  private signed(event: StoredEvent): SignedProviderEvent {
    return { eventId: event.id, payload: event.payload, signature: this.sign(event.payload) };
  }

  /** The intent as its stream says, with the provider events it produced; null when the gateway never made it. */
  private async read(paymentIntentId: string): Promise<IntentRecord | null> {
    if (!/^pi_[A-Za-z0-9_]+$/.test(paymentIntentId)) return null;
    const recorded = await this.store.readStream(testIntentStreamName(paymentIntentId));
    if (recorded.length === 0) return this.importKeptFile(paymentIntentId);
    return foldIntent(recorded);
  }

  /**
   * Intents of older data directories were files under `intents/`: the first read records one in the store (with
   * the events it had produced), so it goes on as any other; a file with no intent is none.
   */
  private async importKeptFile(paymentIntentId: string): Promise<IntentRecord | null> {
    let kept: StoredIntent & { events?: (StoredEvent | string)[] };
    try {
      kept = JSON.parse(await readFile(join(this.directory, 'intents', `${paymentIntentId}.json`), 'utf8')) as typeof kept;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    const { events = [], ...intent } = kept;
    const providerEvents: StoredEvent[] = [];
    for (const event of events) {
      providerEvents.push(
        typeof event === 'string' ? { id: event, payload: await readFile(join(this.directory, 'events', `${event}.json`), 'utf8') } : event,
      );
    }
    const data: TestIntentEventData = { intent, providerEvent: null, providerEvents };
    try {
      await this.store.append(
        testIntentStreamName(paymentIntentId),
        [
          {
            type: 'TestIntentImported',
            data,
            metadata: { correlationId: paymentIntentId, causationId: null, actor: 'system', occurredAt: new Date().toISOString() },
          },
        ],
        { expectedRevision: 'no_stream' },
      );
    } catch (error) {
      // Another process imported it first: its record is the one.
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
    return foldIntent(await this.store.readStream(testIntentStreamName(paymentIntentId)));
  }
}

/** An intent's stream folded: the last recorded state, every provider event in order, the stream's revision. */
function foldIntent(recorded: readonly RecordedEvent[]): IntentRecord | null {
  let record: IntentRecord | null = null;
  for (const event of recorded) {
    const data = event.data as TestIntentEventData;
    const events: StoredEvent[] = [
      ...(record?.events ?? []),
      ...(data.providerEvents ?? []),
      ...(data.providerEvent ? [data.providerEvent] : []),
    ];
    record = { intent: data.intent, events, revision: event.revision };
  }
  return record;
}

/** The store's webhook secret; the first process to ask records `proposed`, every later one reads it. */
async function sharedSecret(store: EventStore, proposed: string): Promise<string> {
  const chosen = async (): Promise<string | null> => {
    const [first] = await store.readStream(TEST_GATEWAY_SECRET_STREAM, { maxCount: 1 });
    return first === undefined ? null : (first.data as { webhookSecret: string }).webhookSecret;
  };
  const known = await chosen();
  if (known !== null) return known;
  try {
    await store.append(
      TEST_GATEWAY_SECRET_STREAM,
      [
        {
          type: 'TestGatewaySecretChosen',
          data: { webhookSecret: proposed },
          metadata: { correlationId: 'test-gateway', causationId: null, actor: 'system', occurredAt: new Date().toISOString() },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    return proposed;
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    return (await chosen()) ?? proposed;
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
async function writeAtomically(file: string, content: string, mode: number): Promise<void> {
  const temporary = `${file}.${process.pid}.${randomId(6)}.tmp`;
  await writeFile(temporary, content, { mode });
  await rename(temporary, file);
}
