import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Stripe from 'stripe';
import { DomainError } from '../../../shared-kernel/domain-error';
import { testCardOutcome } from '../domain/test-cards';
import {
  PaymentIntentStateError,
  type CreatePaymentIntentInput,
  type PaymentGateway,
  type ProviderPaymentIntent,
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
  /** Provider events this intent produced, oldest first. */
  events: string[];
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
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
}

/**
 * Plays Stripe when no keys are configured: Stripe-shaped payment intents and client secrets, the test cards,
 * and events signed with its own webhook secret through the Stripe SDK, delivered to the shop's webhook
 * handler like Stripe's. It stands for an external system, so it keeps its state in `DATA_DIR/test-gateway/`
 * and survives a restart of the shop.
 */
export class TestPaymentGateway implements PaymentGateway {
  readonly mode = 'test' as const;
  readonly webhookSecret: string;

  constructor(private readonly directory: string) {
    for (const sub of ['intents', 'events', 'idempotency']) mkdirSync(join(directory, sub), { recursive: true });
    const secretFile = join(directory, 'webhook-secret');
    if (!existsSync(secretFile)) writeAtomically(secretFile, `whsec_${randomBytes(24).toString('hex')}`, 0o600);
    this.webhookSecret = readFileSync(secretFile, 'utf8').trim();
  }

  createPaymentIntent(input: CreatePaymentIntentInput): Promise<ProviderPaymentIntent> {
    const keyFile = join(this.directory, 'idempotency', `${createHash('sha256').update(input.idempotencyKey).digest('hex')}.json`);
    if (existsSync(keyFile)) {
      const known = this.read(String(JSON.parse(readFileSync(keyFile, 'utf8'))));
      if (known) return Promise.resolve(toProvider(known));
    }
    const id = `pi_test_${randomId(24)}`;
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
    this.write(intent);
    writeAtomically(keyFile, JSON.stringify(id));
    return Promise.resolve(toProvider(intent));
  }

  retrievePaymentIntent(paymentIntentId: string): Promise<ProviderPaymentIntent | null> {
    const intent = this.read(paymentIntentId);
    return Promise.resolve(intent ? toProvider(intent) : null);
  }

  health(): Promise<{ ok: boolean; detail: string }> {
    return Promise.resolve({ ok: true, detail: 'local test gateway (no Stripe keys configured)' });
  }

  capturePaymentIntent(paymentIntentId: string): Promise<ProviderPaymentIntent> {
    const intent = this.read(paymentIntentId);
    if (!intent)
      return Promise.reject(new PaymentIntentStateError(paymentIntentId, 'unknown', `No such payment intent: ${paymentIntentId}`));
    if (intent.status === 'succeeded') return Promise.resolve(toProvider(intent));
    if (intent.status !== 'requires_capture') {
      return Promise.reject(
        new PaymentIntentStateError(
          paymentIntentId,
          intent.status,
          `This PaymentIntent could not be captured because it has a status of ${intent.status}.`,
        ),
      );
    }
    const captured: StoredIntent = { ...intent, status: 'succeeded', amount_received: intent.amount_capturable, amount_capturable: 0 };
    this.emit(captured, 'payment_intent.succeeded');
    return Promise.resolve(toProvider(captured));
  }

  cancelPaymentIntent(paymentIntentId: string): Promise<ProviderPaymentIntent> {
    const intent = this.read(paymentIntentId);
    if (!intent)
      return Promise.reject(new PaymentIntentStateError(paymentIntentId, 'unknown', `No such payment intent: ${paymentIntentId}`));
    if (intent.status === 'canceled') return Promise.resolve(toProvider(intent));
    if (intent.status === 'succeeded') {
      return Promise.reject(
        new PaymentIntentStateError(
          paymentIntentId,
          intent.status,
          'You cannot cancel this PaymentIntent because it has a status of succeeded.',
        ),
      );
    }
    const cancelled: StoredIntent = { ...intent, status: 'canceled', amount_capturable: 0, cancellation_reason: 'abandoned' };
    this.emit(cancelled, 'payment_intent.canceled');
    return Promise.resolve(toProvider(cancelled));
  }

  /**
   * Pays the intent with a card number, as the browser's test card form does: a good card authorises it
   * (manual capture; the shop captures once the cans are sold). An intent already authorised or paid stays
   * so; a cancelled one refuses. `clientSecret`, when given, must be the intent's (the browser proves it holds it).
   */
  confirm(paymentIntentId: string, cardNumber: string, clientSecret?: string): TestConfirmation | null {
    const intent = this.read(paymentIntentId);
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
        return { intent: toProvider(authorised), event: this.emit(authorised, 'payment_intent.amount_capturable_updated'), error: null };
      }
      case 'failed': {
        const error = { code: outcome.code, decline_code: outcome.declineCode, message: outcome.message };
        const declined: StoredIntent = { ...intent, status: 'requires_payment_method', last_payment_error: error };
        return {
          intent: toProvider(declined),
          event: this.emit(declined, 'payment_intent.payment_failed'),
          error: { code: outcome.code, declineCode: outcome.declineCode, message: outcome.message },
        };
      }
      default:
        return outcome satisfies never;
    }
  }

  /** The intent's latest event, signed afresh (a redelivery: same event id, new signature timestamp). */
  latestEvent(paymentIntentId: string): SignedProviderEvent | null {
    const eventId = this.read(paymentIntentId)?.events.at(-1);
    if (eventId === undefined) return null;
    const payload = readFileSync(join(this.directory, 'events', `${eventId}.json`), 'utf8');
    return { eventId, payload, signature: this.sign(payload) };
  }

  /** Signs any payload with the gateway's secret (tests forge and replay events with it). */
  sign(payload: string): string {
    return Stripe.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret });
  }

  private emit(intent: StoredIntent, type: IntentEventType): SignedProviderEvent {
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
    // The event is stored before the intent points at it, so a crash in between leaves no dangling reference.
    writeAtomically(join(this.directory, 'events', `${eventId}.json`), payload);
    this.write({ ...intent, events: [...intent.events, eventId] });
    return { eventId, payload, signature: this.sign(payload) };
  }

  private read(paymentIntentId: string): StoredIntent | null {
    if (!/^pi_[A-Za-z0-9_]+$/.test(paymentIntentId)) return null;
    const file = join(this.directory, 'intents', `${paymentIntentId}.json`);
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as StoredIntent) : null;
  }

  private write(intent: StoredIntent): void {
    writeAtomically(join(this.directory, 'intents', `${intent.id}.json`), JSON.stringify(intent, null, 2));
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

function writeAtomically(file: string, content: string, mode?: number): void {
  const temporary = `${file}.${process.pid}.${randomId(6)}.tmp`;
  writeFileSync(temporary, content, mode === undefined ? undefined : { mode });
  renameSync(temporary, file);
}
