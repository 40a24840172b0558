import { Module, type OnModuleInit } from '@nestjs/common';
import { ProjectionRegistry } from '../../platform/projections/projection-registry';
import { CatalogModule } from '../catalog';
import { NotificationsModule } from '../notifications';
import { OrdersModule } from '../orders';
import { PaymentsModule } from '../payments';
import { AdminClubPlansController, ClubPlansController } from './plans/club-plans.controller';
import { ClubPlansProjection } from './plans/club-plans.projection';
import { ClubProjection } from './read-models/club.projections';
import { ClubJoinAttempts, ClubMembersController } from './members/club-members.controller';
import { ClubMembers } from './members/club-members.service';
import { CardSavedProcessManager } from './members/card-saved.process-manager';
import { AdminClubController } from './runs/club-runs.controller';
import { ClubRuns } from './runs/club-runs.service';
import { ClubCharges } from './runs/club-charges.service';
import { ClubRunSweep } from './runs/club-run-sweep.service';
import { ClubShareHolds } from './runs/club-share-holds';
import { ClubOrderPaidProcessManager } from './runs/club-order-paid.process-manager';

/**
 * The beer club: plans (`clubplans-all`), members (`clubmember-<id>`: card, details, status, their part in each run)
 * and runs (`clubrun-<id>`), each decided by its decider; the leader's sweep that charges each member once per run;
 * the members' own page through their signed link; and the read models the admin club tab shows.
 */
@Module({
  imports: [CatalogModule, NotificationsModule, OrdersModule, PaymentsModule],
  controllers: [AdminClubPlansController, ClubPlansController, ClubMembersController, AdminClubController],
  providers: [
    ClubPlansProjection,
    ClubProjection,
    ClubJoinAttempts,
    ClubMembers,
    CardSavedProcessManager,
    ClubRuns,
    ClubCharges,
    ClubRunSweep,
    ClubShareHolds,
    ClubOrderPaidProcessManager,
  ],
  exports: [ClubMembers, ClubRunSweep],
})
export class ClubModule implements OnModuleInit {
  constructor(
    private readonly registry: ProjectionRegistry,
    private readonly plans: ClubPlansProjection,
    private readonly club: ClubProjection,
    private readonly cardSaved: CardSavedProcessManager,
    private readonly orderPaid: ClubOrderPaidProcessManager,
  ) {}

  onModuleInit(): void {
    this.registry.registerProjection(this.plans);
    this.registry.registerProjection(this.club);
    this.registry.registerProcessManager(this.cardSaved);
    this.registry.registerProcessManager(this.orderPaid);
  }
}
