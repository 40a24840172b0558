import { Module, type OnModuleInit } from '@nestjs/common';
import { ProjectionRegistry } from '../../platform/projections/projection-registry';
import { CatalogModule } from '../catalog';
import { OrdersModule } from '../orders';
import { AdminDiscountCodesController } from './discount-codes/admin-discount-codes.controller';
import { DiscountCodes } from './discount-codes/discount-codes.service';
import { DiscountCodesProjection } from './discount-codes/discount-codes.projection';
import { DiscountUseReleaseProcessManager } from './discount-codes/discount-use-release.process-manager';

/**
 * Discount codes: the operator's codes (one stream each, decided by the code decider), their uses held with a
 * checkout's cans, given back when it ends unpaid and taken when it is paid, and the admin list of what each did.
 */
@Module({
  imports: [CatalogModule, OrdersModule],
  controllers: [AdminDiscountCodesController],
  providers: [DiscountCodes, DiscountCodesProjection, DiscountUseReleaseProcessManager],
  exports: [DiscountCodes],
})
export class DiscountsModule implements OnModuleInit {
  constructor(
    private readonly registry: ProjectionRegistry,
    private readonly codes: DiscountCodesProjection,
    private readonly release: DiscountUseReleaseProcessManager,
  ) {}

  onModuleInit(): void {
    this.registry.registerProjection(this.codes);
    this.registry.registerProcessManager(this.release);
  }
}
