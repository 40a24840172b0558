import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { RecoveryMessages, WebhookRecoveryService } from './webhook-recovery.service';

export class SimulateWebhookRequest {
  @ApiProperty({ example: 'pi_3Nx...' })
  @IsOptional()
  @IsString({ message: RecoveryMessages.required })
  paymentIntentId?: string;
}

@ApiTags('admin: payments')
@ApiBearerAuth()
@Controller('admin')
export class SimulateWebhookController {
  constructor(private readonly recovery: WebhookRecoveryService) {}

  @Post('simulate-webhook')
  @HttpCode(200)
  @ApiOperation({ summary: 'Recover a missed webhook: record what the payment provider reports for the intent' })
  simulate(@Body() body: SimulateWebhookRequest): Promise<{ message: string; status: string }> {
    return this.recovery.simulate(body.paymentIntentId);
  }
}
