import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Context } from '../../../platform/http/request-context';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import type { AutoFixResult } from '@brewery/shop-rules';
import { AutoFix } from './auto-fix.service';

@ApiTags('admin: system')
@ApiBearerAuth()
@Controller('admin/auto-fix')
export class AutoFixController {
  constructor(private readonly autoFix: AutoFix) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Apply the safe fixes: rebuild stalled read models, recover payments without their order, release expired reservations, retry failed e-mails',
  })
  run(@Context() context: Cause): Promise<AutoFixResult> {
    return this.autoFix.run(context);
  }
}
