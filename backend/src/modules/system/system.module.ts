import { Module } from '@nestjs/common';
import { AdminAuthModule } from '../admin-auth';
import { CheckoutModule } from '../checkout';
import { HealthController } from './health.controller';
import { ConnectionStats } from './load/connection-stats';
import { LoadMonitor } from './load/load-monitor';
import { PublicConfigController } from './public-config.controller';
import { RebuildReadModelsController } from './rebuild-read-models.controller';

@Module({
  imports: [CheckoutModule, AdminAuthModule],
  controllers: [HealthController, PublicConfigController, RebuildReadModelsController],
  providers: [LoadMonitor, ConnectionStats],
  exports: [LoadMonitor, ConnectionStats],
})
export class SystemModule {}
