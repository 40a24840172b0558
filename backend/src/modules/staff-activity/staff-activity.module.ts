import { Module, type OnModuleInit } from '@nestjs/common';
import { ProjectionRegistry } from '../../platform/projections/projection-registry';
import { StaffActivityController } from './staff-activity.controller';
import { StaffActivityProjection } from './staff-activity.projection';

/**
 * The trail: what each person of the staff did, read from the actor every event carries, in the words of the
 * order's and the product's histories.
 */
@Module({ controllers: [StaffActivityController], providers: [StaffActivityProjection] })
export class StaffActivityModule implements OnModuleInit {
  constructor(
    private readonly registry: ProjectionRegistry,
    private readonly activity: StaffActivityProjection,
  ) {}

  onModuleInit(): void {
    this.registry.registerProjection(this.activity);
  }
}
