import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { DocumentStore, Leadership } from '@brewery/eventstore';
import { type AppConfig, APP_CONFIG } from '../../../config/app-config';
import { systemCause } from '../../../platform/event-sourcing/command-metadata';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { DOCUMENT_STORE, LEADERSHIP } from '../../../platform/persistence/persistence.tokens';
import { CLOCK, type Clock } from '../../../platform/clock';
import { LeaderSweep } from '../../../platform/scheduling/leader-sweep';
import { clubMemberDecider, SETTLED_SHARES } from '../domain/club-member.decider';
import { clubMemberStreamName } from '../domain/club-member.events';
import { clubRunDecider } from '../domain/club-run.decider';
import { clubRunStreamName } from '../domain/club-run.events';
import { CLUB_RUNS, type ClubRunDoc } from '../read-models/club.projections';
import { ClubCharges, type ChargeOutcome } from './club-charges.service';
import { ClubRuns } from './club-runs.service';

/** Members charged at once in a sweep: enough to overlap the provider's round trips, few enough to spare the checkout. */
const CHARGES_AT_ONCE = 4;

/**
 * The leader's sweep of the club's runs: a run created but not yet held (a crash in its creation) is finished; at and
 * after its charge time every member in it is charged once (their first try, then each retry at its time); a run whose
 * every share has ended is settled and left. Only the process that holds the lease sweeps, never two sweeps at once,
 * and each charge is idempotent, so a kill at any moment is finished by the next sweep.
 */
@Injectable()
export class ClubRunSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ClubRunSweep');
  private readonly sweep: LeaderSweep;

  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly runs: ClubRuns,
    private readonly charges: ClubCharges,
    @Inject(DOCUMENT_STORE) private readonly documents: DocumentStore,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LEADERSHIP) leadership: Leadership,
  ) {
    this.sweep = new LeaderSweep('club run sweep', config.clubSweepIntervalMs, leadership, this.logger, () => this.chargeDue());
  }

  onApplicationBootstrap(): void {
    this.sweep.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.sweep.stop();
  }

  /** One pass over the open runs; what each member's charge came to, by run. */
  async chargeDue(): Promise<Record<string, Partial<Record<ChargeOutcome, number>>>> {
    const now = this.clock.now().toISOString();
    const open = await this.documents
      .collection<ClubRunDoc>(CLUB_RUNS)
      .find({ status: { $in: ['created', 'held'] } }, { sort: { chargeAt: 1 } });
    const outcomes: Record<string, Partial<Record<ChargeOutcome, number>>> = {};
    for (const doc of open) {
      const { state } = await this.pipeline.load(clubRunStreamName(doc.runId), clubRunDecider);
      if (state.status === 'absent' || state.status === 'withdrawn' || state.status === 'settled') continue;
      const run = state.run;
      const cause = systemCause(`club-run-${run.runId}`);
      if (state.status === 'created' && !(await this.runs.completeRun(run, cause))) continue;
      if (Date.parse(run.chargeAt) > Date.parse(now)) continue;
      const counts: Partial<Record<ChargeOutcome, number>> = {};
      const queue = [...run.members];
      const worker = async (): Promise<void> => {
        for (let memberId = queue.shift(); memberId !== undefined; memberId = queue.shift()) {
          try {
            await this.runs.joinRun(run, memberId, cause);
            const outcome = await this.charges.charge(run, memberId, cause);
            counts[outcome] = (counts[outcome] ?? 0) + 1;
          } catch (error) {
            // One member's failure never stops the others; the next sweep tries them again.
            this.logger.error({
              msg: 'club charge failed',
              runId: run.runId,
              memberId,
              error: error instanceof Error ? error.message : String(error),
            });
          }
        }
      };
      await Promise.all(Array.from({ length: CHARGES_AT_ONCE }, worker));
      outcomes[run.runId] = counts;
      if (await this.allSettled(run.runId, run.members)) {
        await this.pipeline.run({
          streamName: clubRunStreamName(run.runId),
          decider: clubRunDecider,
          command: { type: 'SettleRun', at: now },
          cause,
        });
      }
    }
    return outcomes;
  }

  private async allSettled(runId: string, members: readonly string[]): Promise<boolean> {
    for (const memberId of members) {
      const { state } = await this.pipeline.load(clubMemberStreamName(memberId), clubMemberDecider);
      const share = state.status === 'absent' ? undefined : state.shares[runId];
      if (share === undefined || !SETTLED_SHARES.has(share.status)) return false;
    }
    return true;
  }
}
