import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';

/** Both dates are checked by `reportPeriod`, so a missing one gets the Analytics tab's own message. */
export class SalesReportRequestDto {
  @ApiPropertyOptional({ description: 'First Perth day of the period, YYYY-MM-DD (required)', example: '2026-11-01' })
  @IsOptional()
  @IsString({ message: 'Start date must be a date written YYYY-MM-DD' })
  startDate?: string | null;

  @ApiPropertyOptional({ description: 'Last Perth day of the period, included, YYYY-MM-DD (required)', example: '2026-11-30' })
  @IsOptional()
  @IsString({ message: 'End date must be a date written YYYY-MM-DD' })
  endDate?: string | null;
}
