import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore } from '@brewery/eventstore';
import { CLUB_RETRY_DAYS } from '@brewery/shop-rules';
import { DomainError } from '../../../shared-kernel/domain-error';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { DOCUMENT_STORE } from '../../../platform/persistence/persistence.tokens';
import { CLOCK, type Clock } from '../../../platform/clock';
import { CatalogStock } from '../../catalog';
import { clubMemberDecider } from '../domain/club-member.decider';
import { ClubErrors } from '../domain/club-member.errors';
import { clubMemberStreamName, clubShareHoldId } from '../domain/club-member.events';
import { clubPlansDecider } from '../domain/club-plans.decider';
import { CLUB_PLANS_STREAM } from '../domain/club-plan.events';
import { clubRunDecider } from '../domain/club-run.decider';
import { clubRunStreamName, type ClubRunDefinition } from '../domain/club-run.events';
import { CLUB_MEMBERS, type ClubMemberDoc } from '../read-models/club.projections';
import { ClubShareHolds } from './club-share-holds';

/** An ISO 8601 date and time, with its offset or Z. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const DAY_MS = 86_400_000;

/**
 * The operator's runs: the run fixed on its stream (its beers, price and members), then every beer's cans held for
 * every member in one write per beer (all or none: a beer short withdraws the run and gives back what was held),
 * then each member's stream told they are in it. A crash between the steps is finished by the sweep (`completeRun`).
 */
@Injectable()
export class ClubRuns {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly stock: CatalogStock,
    private readonly holds: ClubShareHolds,
    @Inject(DOCUMENT_STORE) private readonly documents: DocumentStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async create(
    body: { planId?: unknown; chargeAt?: unknown; items?: unknown },
    cause: Cause,
  ): Promise<ClubRunDefinition & { createdAt: string }> {
    const plans = (await this.pipeline.load(CLUB_PLANS_STREAM, clubPlansDecider)).state.plans;
    const plan = typeof body.planId === 'string' && Object.hasOwn(plans, body.planId) ? plans[body.planId] : undefined;
    if (plan === undefined) throw ClubErrors.planNotFound(String(body.planId));
    const chargeAt = typeof body.chargeAt === 'string' && ISO_INSTANT.test(body.chargeAt) ? Date.parse(body.chargeAt) : Number.NaN;
    if (!Number.isFinite(chargeAt)) {
      throw ClubErrors.invalidRun(
        'chargeAt',
        'chargeAt must be a date and time with its offset (ISO 8601, e.g. 2026-12-01T09:00:00+08:00)',
      );
    }
    if (!Array.isArray(body.items) || body.items.length === 0 || body.items.length > 16) {
      throw ClubErrors.invalidRun('items', `items must be a list of beers filling the plan's ${plan.cans} cans`);
    }
    const now = this.clock.now().toISOString();
    const items = [];
    for (const raw of body.items as unknown[]) {
      const { productId, quantity } = (raw ?? {}) as { productId?: unknown; quantity?: unknown };
      if (typeof productId !== 'string' || typeof quantity !== 'number') {
        throw ClubErrors.invalidRun('items', 'each item needs a productId and a quantity of cans');
      }
      const product = await this.stock.snapshot(productId, now);
      if (product === null || product.product.archived) throw ClubErrors.invalidRun('items', `No beer ${productId} is on the shelf`);
      items.push({ productId, productName: product.product.name, quantity });
    }
    const members = (
      await this.documents
        .collection<ClubMemberDoc>(CLUB_MEMBERS)
        .find({ planId: plan.planId, status: 'active' }, { sort: { joinedAt: 1 } })
    ).map((member) => member._id);
    const chargeAtIso = new Date(chargeAt).toISOString();
    const lastTry = CLUB_RETRY_DAYS[CLUB_RETRY_DAYS.length - 1] ?? 0;
    const run: ClubRunDefinition = {
      runId: randomUUID(),
      planId: plan.planId,
      planName: plan.name,
      cans: plan.cans,
      priceCents: plan.priceCents,
      chargeAt: chargeAtIso,
      items,
      members,
      holdsUntil: new Date(chargeAt + (lastTry + 1) * DAY_MS).toISOString(),
    };
    await this.pipeline.run({
      streamName: clubRunStreamName(run.runId),
      decider: clubRunDecider,
      command: { type: 'CreateClubRun', run, at: now },
      cause,
    });
    await this.completeRun(run, cause, { refuse: true });
    return { ...run, createdAt: now };
  }

  /**
   * Holds every beer for every member (each beer all or none) and tells each member's stream; the run withdrawn when a
   * beer cannot be held. `refuse`: the operator is waiting, so that refusal is thrown to them. Repeats change nothing.
   */
  async completeRun(run: ClubRunDefinition, cause: Cause, options: { refuse: boolean } = { refuse: false }): Promise<boolean> {
    const { state } = await this.pipeline.load(clubRunStreamName(run.runId), clubRunDecider);
    if (state.status === 'withdrawn') return false;
    const at = this.clock.now().toISOString();
    if (state.status === 'created') {
      const held: string[] = [];
      for (const item of run.items) {
        try {
          await this.stock.holdForClub(
            {
              productId: item.productId,
              holds: run.members.map((memberId) => ({ holdId: clubShareHoldId(run.runId, memberId), quantity: item.quantity })),
              expiresAt: run.holdsUntil,
              at,
            },
            cause,
          );
          held.push(item.productId);
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          for (const memberId of run.members) {
            await this.holds.release(
              run.runId,
              memberId,
              run.items.filter((other) => held.includes(other.productId)),
              cause,
            );
          }
          await this.pipeline.run({
            streamName: clubRunStreamName(run.runId),
            decider: clubRunDecider,
            command: { type: 'WithdrawRun', reason: error.message, at },
            cause,
          });
          if (options.refuse) throw error;
          return false;
        }
      }
      await this.pipeline.run({
        streamName: clubRunStreamName(run.runId),
        decider: clubRunDecider,
        command: { type: 'RecordRunHeld', at },
        cause,
      });
    }
    for (const memberId of run.members) await this.joinRun(run, memberId, cause);
    return true;
  }

  /** The member's stream told they are in the run (once); a member no longer active is released at once. */
  async joinRun(run: ClubRunDefinition, memberId: string, cause: Cause): Promise<void> {
    const holds = run.items.map(({ productId, quantity }) => ({ productId, quantity }));
    const { events } = await this.pipeline.run({
      streamName: clubMemberStreamName(memberId),
      decider: clubMemberDecider,
      command: { type: 'JoinRun', runId: run.runId, chargeAt: run.chargeAt, holds, at: this.clock.now().toISOString() },
      cause,
    });
    if (events.some((event) => event.type === 'ClubShareReleased')) await this.holds.release(run.runId, memberId, holds, cause);
  }
}
