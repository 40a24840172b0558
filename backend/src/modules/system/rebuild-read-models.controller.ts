import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ProjectionRunner } from '../../platform/projections/projection-runner';

@ApiTags('admin: system')
@ApiBearerAuth()
@Controller('admin/rebuild-read-models')
export class RebuildReadModelsController {
  constructor(private readonly runner: ProjectionRunner) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Empty every read model and replay the whole event log into it' })
  async rebuild(): Promise<{ events: number; millis: number; message: string }> {
    const result = await this.runner.rebuildReadModels();
    return { ...result, message: `Rebuilt the read models from ${result.events} events in ${result.millis} ms` };
  }
}
