import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { PublicConfigController } from './public-config.controller';
import { RebuildReadModelsController } from './rebuild-read-models.controller';

@Module({ controllers: [HealthController, PublicConfigController, RebuildReadModelsController] })
export class SystemModule {}
