import { Module, type OnModuleInit } from '@nestjs/common';
import { ProjectionRegistry } from '../../platform/projections/projection-registry';
import { AdminClubPlansController, ClubPlansController } from './plans/club-plans.controller';
import { ClubPlansProjection } from './plans/club-plans.projection';

/** The beer club: its plans (the `clubplans-all` stream, decided by the plans decider) and their read model. */
@Module({ controllers: [AdminClubPlansController, ClubPlansController], providers: [ClubPlansProjection] })
export class ClubModule implements OnModuleInit {
  constructor(
    private readonly registry: ProjectionRegistry,
    private readonly plans: ClubPlansProjection,
  ) {}

  onModuleInit(): void {
    this.registry.registerProjection(this.plans);
  }
}
