import { Inject, Injectable, Logger } from '@nestjs/common';
import { type AppConfig, APP_CONFIG } from '../../../config/app-config';
import { DomainError } from '../../../shared-kernel/domain-error';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { CLOCK, type Clock } from '../../../platform/clock';
import { CatalogStock } from '../../catalog';
import { EmailService } from '../../notifications';
import { NumberSequence, OrderStreams, orderDecider, orderStreamName, type OrderPlacedData } from '../../orders';
import {
  clientSecretDigest,
  PAYMENT_GATEWAY,
  paymentBackupOf,
  paymentDecider,
  paymentStreamName,
  type PaymentGateway,
  WebhookRecoveryService,
} from '../../payments';
import { chargeDue, clubMemberDecider, SETTLED_SHARES, type ClubMemberCommand, type JoinedMember } from '../domain/club-member.decider';
import { clubMemberStreamName, clubShareHoldId, type ClubMemberEvent } from '../domain/club-member.events';
import type { ClubRunDefinition } from '../domain/club-run.events';
import { authenticationEmail, declinedEmail, pastDueEmail } from '../domain/club-emails';
import { priceClubOrder } from '../domain/club-order';
import { manageUrl, memberToken } from '../members/member-token';
import { SERVER_SECRET } from '../../../config/app-config';
import { ClubShareHolds } from './club-share-holds';

export type ChargeOutcome = 'not_due' | 'settled' | 'released' | 'authorised' | 'declined' | 'past_due' | 'pending';

/**
 * One member's charge for one run, in steps that each change nothing the second time, so a crash at any point is
 * finished by the next sweep and never charges twice: the order is numbered on the member's stream before it is
 * placed; the held share becomes the order's hold; the try is recorded before the provider is asked, under an
 * idempotency key per run and member (and one per try); the provider's answer is recorded through the payments'
 * own path, and an authorised card is captured by the payment completion like any checkout's.
 */
@Injectable()
export class ClubCharges {
  private readonly logger = new Logger('ClubCharges');

  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly stock: CatalogStock,
    private readonly holds: ClubShareHolds,
    private readonly numbers: NumberSequence,
    private readonly orders: OrderStreams,
    private readonly email: EmailService,
    private readonly recovery: WebhookRecoveryService,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SERVER_SECRET) private readonly secret: string,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async charge(run: ClubRunDefinition, memberId: string, cause: Cause): Promise<ChargeOutcome> {
    const at = this.clock.now().toISOString();
    let member = await this.member(memberId);
    let share = member?.shares[run.runId];
    if (member === null || share === undefined) return 'not_due';
    if (SETTLED_SHARES.has(share.status)) {
      // Ended without an order (skipped, released): its held cans are back on sale, even after a crash in between.
      if (share.orderId === null) await this.holds.release(run.runId, memberId, share.holds, cause);
      return 'settled';
    }
    if (!chargeDue(share, at)) return 'not_due';

    if (share.orderId === null) {
      const orderId = await this.numbers.nextOrderNumber(cause);
      const opened = await this.run(memberId, { type: 'OpenCharge', runId: run.runId, orderId, at }, cause);
      if (opened.events.some((event) => event.type === 'ClubShareReleased')) {
        await this.holds.release(run.runId, memberId, share.holds, cause);
        return 'released';
      }
      member = opened.state;
      share = member.shares[run.runId];
      if (share?.orderId === null || share === undefined) return 'not_due';
    }
    const orderId = share.orderId;
    const order = await this.placeOrder(run, member, orderId, at, cause);
    await this.passHolds(run, memberId, order, cause);

    const card = member.card;
    if (card === null) return 'pending';
    // A try recorded but never answered (a crash while the provider was asked) is asked again under the same key.
    const attempt = share.attempts > share.settledAttempts ? share.attempts : share.attempts + 1;
    await this.run(memberId, { type: 'AttemptCharge', runId: run.runId, attempt, at }, cause);
    const intent = await this.gateway.chargeOffSession({
      orderId,
      amountCents: order.totalCents,
      currency: 'aud',
      idempotencyKey: `club-${run.runId}-${memberId}`,
      attemptKey: `club-${run.runId}-${memberId}-${attempt}`,
      paymentIntentId: share.paymentIntentId,
      customerId: card.customerId,
      paymentMethodId: card.paymentMethodId,
      customerEmail: order.customer.email,
      description: `${this.config.shop.brandName} club order #${orderId} (${run.planName})`,
    });
    if (share.paymentIntentId === null) {
      await this.pipeline.run({
        streamName: paymentStreamName(intent.id),
        decider: paymentDecider,
        command: {
          type: 'RecordPaymentIntentCreated',
          backup: paymentBackupOf(order, {
            paymentIntentId: intent.id,
            provider: this.gateway.mode,
            clientSecretDigest: clientSecretDigest(intent.clientSecret),
          }),
        },
        cause,
      });
      await this.pipeline.run({
        streamName: orderStreamName(orderId),
        decider: orderDecider,
        command: { type: 'AttachPaymentIntent', paymentIntentId: intent.id },
        cause,
      });
      await this.run(memberId, { type: 'AttachPayment', runId: run.runId, paymentIntentId: intent.id }, cause);
    }
    // Recorded through the payments' own path: an authorised card is then captured by the payment completion.
    await this.recovery.reconcile(intent.id);
    const declined = intent.status === 'requires_payment_method' && intent.lastError !== null;
    if (!declined) return intent.status === 'requires_capture' || intent.status === 'succeeded' ? 'authorised' : 'pending';

    const code = intent.lastError?.code ?? 'card_declined';
    const message = intent.lastError?.message ?? 'Your card was declined.';
    const result = await this.run(memberId, { type: 'RecordDecline', runId: run.runId, attempt, code, message, at }, cause);
    await this.tell(run, member, orderId, order.totalCents, result.events, cause);
    return result.events.some((event) => event.type === 'ClubMemberPastDue') ? 'past_due' : 'declined';
  }

  /** The run's order for the member, placed once (a retry finds it placed). */
  private async placeOrder(
    run: ClubRunDefinition,
    member: JoinedMember,
    orderId: string,
    at: string,
    cause: Cause,
  ): Promise<OrderPlacedData> {
    const placed = await this.orders.placed(orderId);
    if (placed !== null) return placed.order;
    const price = priceClubOrder(run, member, new Date(at));
    const order: OrderPlacedData = {
      orderId,
      customer: member.customer,
      items: price.lines.map((line, index) => ({
        id: `${orderId}-${index + 1}`,
        productId: line.productId,
        productName: line.productName,
        style: '',
        abv: 0,
        packSize: 'single',
        packQuantity: 1,
        packs: line.quantity,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        lineTotalCents: line.lineTotalCents,
      })),
      subtotalCents: price.subtotalCents,
      shippingCents: price.shippingCents,
      totalCents: price.totalCents,
      gstCents: price.gstCents,
      totalCans: run.cans,
      estimatedDelivery: price.estimatedDelivery,
      isPerthMetro: price.isPerthMetro,
      reservationExpiresAt: run.holdsUntil,
      placedAt: at,
      holder: { client: 'club', browser: null },
      fulfilment: price.fulfilment,
      club: { memberId: member.memberId, runId: run.runId, planName: run.planName },
    };
    for (const item of order.items) {
      const snapshot = await this.stock.snapshot(item.productId, at);
      if (snapshot !== null) Object.assign(item, { style: snapshot.product.style, abv: snapshot.product.abv });
    }
    await this.pipeline.run({ streamName: orderStreamName(orderId), decider: orderDecider, command: { type: 'PlaceOrder', order }, cause });
    return order;
  }

  /** The member's held cans become the order's hold; a hold that lapsed is taken again when the cans are there. */
  private async passHolds(run: ClubRunDefinition, memberId: string, order: OrderPlacedData, cause: Cause): Promise<void> {
    const at = this.clock.now().toISOString();
    for (const item of run.items) {
      const from = clubShareHoldId(run.runId, memberId);
      try {
        await this.stock.passHold({ productId: item.productId, from, to: order.orderId, expiresAt: run.holdsUntil }, cause);
      } catch (error) {
        if (!(error instanceof DomainError) || error.code !== 'hold_missing') throw error;
        await this.stock
          .reserve(
            { productId: item.productId, orderId: order.orderId, quantity: item.quantity, expiresAt: run.holdsUntil, at, member: true },
            cause,
          )
          .catch((refused: unknown) => {
            // The capture holds the cans again, or refuses the card when they are gone: nothing is charged for cans not sent.
            if (!(refused instanceof DomainError)) throw refused;
            this.logger.warn({ msg: 'club share not held', runId: run.runId, memberId, productId: item.productId, error: refused.message });
          });
      }
    }
  }

  /** The member hears of a failed try: a card to update, a payment to confirm, or the end of the tries. */
  private async tell(
    run: ClubRunDefinition,
    member: JoinedMember,
    orderId: string,
    amountCents: number,
    events: readonly ClubMemberEvent[],
    cause: Cause,
  ): Promise<void> {
    const link = manageUrl(this.config.shop.publicUrl, memberToken(this.secret, member.memberId));
    const brandName = this.config.shop.brandName;
    const base = { to: member.customer.email, name: member.customer.name, planName: run.planName, manageUrl: link, brandName };
    for (const event of events) {
      if (event.type === 'ClubChargeDeclined') {
        const { attempt, code, message, nextTryAt } = event.data;
        // The last try's refusal is told by the past-due e-mail below.
        if (nextTryAt === null) continue;
        const email =
          code === 'authentication_required'
            ? authenticationEmail({ ...base, amountCents, nextTryAt })
            : declinedEmail({ ...base, amountCents, message, nextTryAt });
        await this.email.queue(`club-declined-${run.runId}-${member.memberId}-${attempt}`, { ...email, orderId }, cause);
      }
      if (event.type === 'ClubMemberPastDue') {
        await this.email.queue(`club-past-due-${run.runId}-${member.memberId}`, { ...pastDueEmail(base), orderId }, cause);
      }
    }
  }

  private async member(memberId: string): Promise<(JoinedMember & { memberId: string }) | null> {
    const { state } = await this.pipeline.load(clubMemberStreamName(memberId), clubMemberDecider);
    return state.status === 'absent' ? null : state;
  }

  private async run(
    memberId: string,
    command: ClubMemberCommand,
    cause: Cause,
  ): Promise<{ events: ClubMemberEvent[]; state: JoinedMember }> {
    const result = await this.pipeline.run({ streamName: clubMemberStreamName(memberId), decider: clubMemberDecider, command, cause });
    if (result.state.status === 'absent') throw new Error(`club member ${memberId} vanished`);
    return { events: result.events, state: result.state };
  }
}
