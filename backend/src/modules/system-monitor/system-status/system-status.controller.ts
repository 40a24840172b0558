import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { SystemStatus } from '@brewery/shop-rules';
import { SystemStatusService } from './system-status.service';

@ApiTags('admin: system')
@ApiBearerAuth()
@Controller('admin/system-status')
export class SystemStatusController {
  constructor(private readonly systemStatus: SystemStatusService) {}

  @Get()
  @ApiOperation({
    summary: 'The System tab: health of e-mail, payments, event store and read models; recent activity; critical stock; what needs fixing',
  })
  status(): Promise<SystemStatus> {
    return this.systemStatus.status();
  }
}
