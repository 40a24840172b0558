import type { DomainEvent } from '@brewery/eventstore';
import type { Decider } from '../../../shared-kernel/decider';

/**
 * The local test gateway's records, which play Stripe's side when no keys are configured: one stream per intent,
 * each change an event holding the intent as it is after and the provider event it produced, and the webhook
 * secret every shop process signs with. The gateway (`gateway/test-payment-gateway.ts`) runs its steps on these
 * deciders through the command pipeline.
 */
export type IntentEventType =
  'payment_intent.amount_capturable_updated' | 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'payment_intent.canceled';

/** A payment intent as the local gateway keeps it: the fields of Stripe's object that the shop reads. */
export interface StoredIntent {
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
  /** The off-session attempts confirmed (a club charge and its retries), by attempt key (absent: none). */
  attempts?: string[];
  /** Refunds made of the captured amount, by idempotency key (absent: none). */
  refunds?: { id: string; amount: number; idempotency_key: string; created: number }[];
}

/** A provider event with its exact bytes, as it was (and will again be) delivered. */
export interface StoredEvent {
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
export type TestIntentEventType = (typeof TEST_INTENT_EVENT_TYPES)[number];
export interface TestIntentEventData {
  intent: StoredIntent;
  providerEvent: StoredEvent | null;
  /** Only on TestIntentImported: the events an intent kept in a file (older data directories) had produced. */
  providerEvents?: StoredEvent[];
}

/** An intent with every provider event it has produced, as its stream folds; null when the gateway never made it. */
export type IntentView = { intent: StoredIntent; events: StoredEvent[] } | null;
export type TestIntentEvent = DomainEvent<TestIntentEventType, TestIntentEventData>;

/** What one step on an intent records, decided on the intent as recorded: a change, or null for none. */
export type IntentStep = (
  known: IntentView,
) => { type: TestIntentEventType; intent: StoredIntent; providerEvent?: StoredEvent | null } | null;

/**
 * The intent's stream through the command pipeline, as every stream of the shop: a step is decided on the intent as
 * recorded, appended against the revision it was decided on, and decided again when another shop process changed the
 * intent first. What a caller is answered is read from the intent after the step.
 */
export const intentDecider: Decider<IntentView, IntentStep | { type: 'ImportKept'; data: TestIntentEventData }, TestIntentEvent> = {
  initialState: null,
  decide(step, known) {
    if (typeof step !== 'function') return known === null ? [{ type: 'TestIntentImported', data: step.data }] : [];
    const change = step(known);
    return change === null ? [] : [{ type: change.type, data: { intent: change.intent, providerEvent: change.providerEvent ?? null } }];
  },
  evolve(known, event) {
    const { intent, providerEvent, providerEvents = [] } = event.data;
    return { intent, events: [...(known?.events ?? []), ...providerEvents, ...(providerEvent ? [providerEvent] : [])] };
  },
};

/** The webhook secret every shop process signs with: the first one proposed, recorded once. */
export const secretDecider: Decider<
  string | null,
  { proposed: string },
  DomainEvent<'TestGatewaySecretChosen', { webhookSecret: string }>
> = {
  initialState: null,
  decide: ({ proposed }, chosen) => (chosen === null ? [{ type: 'TestGatewaySecretChosen', data: { webhookSecret: proposed } }] : []),
  evolve: (chosen, event) => chosen ?? event.data.webhookSecret,
};

export const TEST_GATEWAY_SECRET_STREAM = 'test-gateway-settings';
export const testIntentStreamName = (paymentIntentId: string): string => `test-gateway-intent-${paymentIntentId}`;

/** A SetupIntent as the local gateway keeps it: the fields of Stripe's object that the shop reads, and the test card saved. */
export interface StoredSetupIntent {
  id: string;
  object: 'setup_intent';
  status: 'requires_payment_method' | 'succeeded';
  client_secret: string;
  /** The gateway's customer the card is saved on. */
  customer: string;
  /** `pm_<setup intent id>` once saved: the gateway finds the card again from it. */
  payment_method: string | null;
  /** The saved test card (test numbers are public; a real card never reaches the local gateway). */
  card: { brand: string; last4: string; number: string } | null;
  usage: 'off_session';
  metadata: Record<string, string>;
  last_setup_error: { code: string; decline_code: string; message: string } | null;
  created: number;
  livemode: false;
}

export const TEST_SETUP_EVENT_TYPES = ['TestSetupCreated', 'TestSetupSucceeded', 'TestSetupFailed'] as const;
export type TestSetupEventType = (typeof TEST_SETUP_EVENT_TYPES)[number];
export type TestSetupEvent = DomainEvent<TestSetupEventType, { setup: StoredSetupIntent; providerEvent: StoredEvent | null }>;
export type SetupView = { setup: StoredSetupIntent; events: StoredEvent[] } | null;
export type SetupStep = (
  known: SetupView,
) => { type: TestSetupEventType; setup: StoredSetupIntent; providerEvent?: StoredEvent | null } | null;

/** A SetupIntent's stream (`test-gateway-setup-<id>`), taken step by step like an intent's. */
export const setupDecider: Decider<SetupView, SetupStep, TestSetupEvent> = {
  initialState: null,
  decide(step, known) {
    const change = step(known);
    return change === null ? [] : [{ type: change.type, data: { setup: change.setup, providerEvent: change.providerEvent ?? null } }];
  },
  evolve(known, event) {
    const { setup, providerEvent } = event.data;
    return { setup, events: [...(known?.events ?? []), ...(providerEvent ? [providerEvent] : [])] };
  },
};

export const testSetupStreamName = (setupIntentId: string): string => `test-gateway-setup-${setupIntentId}`;

/** The SetupIntent a saved card came from (the gateway names a card `pm_<setup intent id>`), or null. */
export function setupIntentOfCard(paymentMethodId: string): string | null {
  return /^pm_(seti_[A-Za-z0-9_]+)$/.exec(paymentMethodId)?.[1] ?? null;
}
