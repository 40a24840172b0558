import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@brewery/eventstore';
import {
  decimalString,
  type ClubCardUpdate,
  type ClubFulfilment,
  type ClubMemberView,
  type ClubPayment,
  type JoinClubResponse,
} from '@brewery/shop-rules';
import { type AppConfig, APP_CONFIG, SERVER_SECRET } from '../../../config/app-config';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { EVENT_STORE } from '../../../platform/persistence/persistence.tokens';
import { CLOCK, type Clock } from '../../../platform/clock';
import { EmailService } from '../../notifications';
import { validateCustomerInfo } from '../../orders';
import { PAYMENT_GATEWAY, type PaymentGateway, type SavedCard } from '../../payments';
import {
  checkEarlyAccess,
  clubMemberDecider,
  payableShare,
  type ClubMemberCommand,
  type ClubMemberState,
  type JoinedMember,
} from '../domain/club-member.decider';
import { ClubErrors } from '../domain/club-member.errors';
import { clubMemberStreamName, type ClubMemberEvent } from '../domain/club-member.events';
import { clubPlansDecider } from '../domain/club-plans.decider';
import { CLUB_PLANS_STREAM, type ClubPlanDefinition } from '../domain/club-plan.events';
import { welcomeEmail } from '../domain/club-emails';
import { describeMemberEvent } from '../domain/member-history';
import { clubPlanView } from '../plans/club-plans.projection';
import { ClubShareHolds } from '../runs/club-share-holds';
import { manageUrl, memberIdOfToken, memberToken } from './member-token';

/** A member's id, from their e-mail address: one membership per address, decided on its one stream. */
export function memberIdFor(email: string): string {
  const hex = createHash('sha256').update(`club-member\0${email.trim().toLowerCase()}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The join form's fulfilment: delivery or the cellar door (a run's pickup Saturday is the first open one after it). */
export function clubFulfilmentOf(value: unknown): ClubFulfilment {
  const method = (value as { method?: unknown } | null | undefined)?.method;
  if (method === undefined || method === 'delivery') return { method: 'delivery' };
  if (method === 'pickup') return { method: 'pickup' };
  throw ClubErrors.invalidMember('fulfilment', 'fulfilment.method must be delivery or pickup');
}

/**
 * The members' side of the club: joining (the card saved through a SetupIntent), the member's own page through their
 * signed link, and what they may do there. Every decision is the member decider's; this wires it to the stream, the
 * provider, the product holds and the e-mails.
 */
@Injectable()
export class ClubMembers {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly holds: ClubShareHolds,
    private readonly email: EmailService,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SERVER_SECRET) private readonly secret: string,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  tokenOf(memberId: string): string {
    return memberToken(this.secret, memberId);
  }

  manageUrlOf(memberId: string): string {
    return manageUrl(this.config.shop.publicUrl, this.tokenOf(memberId));
  }

  async join(body: { planId?: unknown; customerInfo?: unknown; fulfilment?: unknown }, cause: Cause): Promise<JoinClubResponse> {
    const plan = await this.plan(body.planId);
    const fulfilment = clubFulfilmentOf(body.fulfilment);
    const customer = validateCustomerInfo(body.customerInfo ?? {}, fulfilment.method);
    const memberId = memberIdFor(customer.email);
    const { state, revision } = await this.pipeline.load(clubMemberStreamName(memberId), clubMemberDecider);
    // Asked before the provider, so an active member opens no setup; decided again on the stream below.
    if (state.status === 'active' || state.status === 'paused' || state.status === 'past_due') throw ClubErrors.alreadyMember();
    const setup = await this.gateway.createSetupIntent({
      memberId,
      idempotencyKey: `club-setup-${memberId}-${revision}`,
      customerEmail: customer.email,
      customerName: customer.name,
    });
    await this.run(
      memberId,
      {
        type: 'JoinClub',
        memberId,
        planId: plan.planId,
        planName: plan.name,
        customer,
        fulfilment,
        setupIntentId: setup.id,
        at: this.clock.now().toISOString(),
      },
      cause,
    );
    return { memberId, setupClientSecret: setup.clientSecret, setupIntentId: setup.id, manageToken: this.tokenOf(memberId) };
  }

  /** The provider saved a member's card (its webhook, or the local gateway's): recorded, and the member welcomed once. */
  async saveCard(card: SavedCard, cause: Cause): Promise<void> {
    const { events, state } = await this.pipeline.run({
      streamName: clubMemberStreamName(card.memberId),
      decider: clubMemberDecider,
      command: {
        type: 'SaveCard',
        setupIntentId: card.setupIntentId,
        card: { paymentMethodId: card.paymentMethodId, customerId: card.customerId, brand: card.brand, last4: card.last4 },
        at: card.at,
      },
      cause,
    });
    if (events.length === 0 || state.status === 'absent') return;
    await this.email.queue(
      `club-welcome-${card.memberId}-${card.setupIntentId}`,
      welcomeEmail({
        to: state.customer.email,
        name: state.customer.name,
        planName: state.planName,
        manageUrl: this.manageUrlOf(card.memberId),
        shopUrl: `${this.config.shop.publicUrl.replace(/\/+$/, '')}/shop?member=${encodeURIComponent(this.tokenOf(card.memberId))}`,
        brandName: this.config.shop.brandName,
      }),
      cause,
    );
  }

  /** The member a link is for (404 for a link the server did not sign, or a member it does not know). */
  async memberOf(token: unknown): Promise<JoinedMember & { memberId: string }> {
    const memberId = memberIdOfToken(this.secret, token);
    if (memberId === null) throw ClubErrors.memberNotFound();
    const { state } = await this.pipeline.load(clubMemberStreamName(memberId), clubMemberDecider);
    if (state.status === 'absent') throw ClubErrors.memberNotFound();
    return state;
  }

  async view(token: unknown): Promise<ClubMemberView> {
    const member = await this.memberOf(token);
    const plans = (await this.pipeline.load(CLUB_PLANS_STREAM, clubPlansDecider)).state.plans;
    const plan = plans[member.planId];
    const recorded = await this.store.readStream(clubMemberStreamName(member.memberId));
    const joinedAt = member.joinedAt;
    return {
      memberId: member.memberId,
      status: member.status,
      plan: clubPlanView({
        ...(plan ?? { planId: member.planId, name: member.planName, cans: 8, every: 'month', priceCents: 0, description: '' }),
        createdAt: joinedAt,
      }),
      customer: {
        name: member.customer.name,
        email: member.customer.email,
        phone: member.customer.phone,
        addressLine1: member.customer.addressLine1,
        addressLine2: member.customer.addressLine2 ?? '',
        suburb: member.customer.suburb,
        postCode: member.customer.postCode,
        state: member.customer.state,
      },
      fulfilment: member.fulfilment,
      card: member.card === null ? null : { brand: member.card.brand, last4: member.card.last4 },
      runs: Object.values(member.shares)
        .sort((a, b) => b.chargeAt.localeCompare(a.chargeAt))
        .map((share) => ({
          runId: share.runId,
          chargeAt: share.chargeAt,
          status: share.status,
          orderId: share.orderId,
          attempts: share.attempts,
          nextTryAt: share.nextTryAt,
          lastError: share.lastError,
        })),
      history: recorded
        .filter((event) => event.type !== 'ClubPaymentAttached')
        .map((event) => ({ at: event.metadata.occurredAt, what: describeMemberEvent(event as unknown as ClubMemberEvent) })),
      joinedAt,
    };
  }

  /** A member's own change through their link; held cans it lets go of go back on sale at once. */
  async act(
    token: unknown,
    action:
      | { type: 'SkipRun'; runId: string }
      | { type: 'UnskipRun'; runId: string }
      | { type: 'PauseMembership' }
      | { type: 'ResumeMembership' }
      | { type: 'CancelMembership' }
      | { type: 'ChangeDetails'; customerInfo: unknown; fulfilment: unknown },
    cause: Cause,
  ): Promise<ClubMemberView> {
    const member = await this.memberOf(token);
    const at = this.clock.now().toISOString();
    let command: ClubMemberCommand;
    if (action.type === 'ChangeDetails') {
      const fulfilment = clubFulfilmentOf(action.fulfilment);
      const customer = validateCustomerInfo(action.customerInfo ?? {}, fulfilment.method);
      // The address may change; the membership stays the e-mail address it was made for.
      command = { type: 'ChangeDetails', customer: { ...customer, email: member.customer.email }, fulfilment, at };
    } else if (action.type === 'UnskipRun') {
      // The cans are taken again first (refused when they are gone); the member's stream then decides.
      const share = member.shares[action.runId];
      if (share?.status === 'skipped' && member.status === 'active' && Date.parse(at) < Date.parse(share.chargeAt)) {
        await this.holds.hold(action.runId, member.memberId, share.holds, share.chargeAt, at, cause);
        try {
          await this.run(member.memberId, { ...action, at }, cause);
        } catch (error) {
          await this.holds.release(action.runId, member.memberId, share.holds, cause);
          throw error;
        }
      }
      command = { ...action, at };
    } else {
      command = { ...action, at };
    }
    const { events } = await this.run(member.memberId, command, cause);
    await this.releaseEnded(member, events, cause);
    return this.view(token);
  }

  /** A new SetupIntent for the member's next card. */
  async startCardUpdate(token: unknown, cause: Cause): Promise<ClubCardUpdate> {
    const member = await this.memberOf(token);
    if (member.status === 'cancelled') throw ClubErrors.membershipEnded();
    const { revision } = await this.pipeline.load(clubMemberStreamName(member.memberId), clubMemberDecider);
    const setup = await this.gateway.createSetupIntent({
      memberId: member.memberId,
      idempotencyKey: `club-setup-${member.memberId}-${revision}`,
      customerEmail: member.customer.email,
      customerName: member.customer.name,
    });
    await this.run(member.memberId, { type: 'StartCardUpdate', setupIntentId: setup.id, at: this.clock.now().toISOString() }, cause);
    return { setupIntentId: setup.id, setupClientSecret: setup.clientSecret };
  }

  /** The run's payment, for the member to pay on-session (a card that needs authentication, or another card). */
  async payment(token: unknown, runId: unknown): Promise<ClubPayment> {
    const share = payableShare(await this.memberOf(token), runId);
    const intent = await this.gateway.retrievePaymentIntent(share.paymentIntentId);
    if (intent === null || !['requires_payment_method', 'requires_action', 'requires_confirmation'].includes(intent.status)) {
      throw ClubErrors.nothingToPay();
    }
    return {
      paymentIntentId: intent.id,
      clientSecret: intent.clientSecret,
      orderId: share.orderId,
      amount: decimalString(intent.amountCents),
    };
  }

  /**
   * Whether a checkout may buy a beer open to members early: the link is the member's, they are active or paused, and
   * the checkout's e-mail address is theirs.
   */
  async earlyAccess(token: unknown, email: string): Promise<void> {
    const member = await this.memberOf(token).catch(() => {
      throw ClubErrors.invalidMemberLink();
    });
    checkEarlyAccess(member, email);
  }

  /** The held cans of every share a change released go back on sale. */
  async releaseEnded(member: JoinedMember, events: readonly ClubMemberEvent[], cause: Cause): Promise<void> {
    for (const event of events) {
      if (event.type !== 'ClubShareReleased' && event.type !== 'ClubRunSkipped') continue;
      const share = member.shares[event.data.runId];
      if (share !== undefined && share.orderId === null) await this.holds.release(share.runId, member.memberId, share.holds, cause);
    }
  }

  private run(memberId: string, command: ClubMemberCommand, cause: Cause): Promise<{ events: ClubMemberEvent[]; state: ClubMemberState }> {
    return this.pipeline.run({ streamName: clubMemberStreamName(memberId), decider: clubMemberDecider, command, cause });
  }

  private async plan(planId: unknown): Promise<ClubPlanDefinition> {
    const plans = (await this.pipeline.load(CLUB_PLANS_STREAM, clubPlansDecider)).state.plans;
    const plan = typeof planId === 'string' && Object.hasOwn(plans, planId) ? plans[planId] : undefined;
    if (plan === undefined) throw ClubErrors.planNotFound(String(planId));
    return plan;
  }
}
