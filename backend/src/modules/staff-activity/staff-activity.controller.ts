import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import type { DocumentStore, Filter } from '@brewery/eventstore';
import { addDays, isPerthDay, perthDayStart, type StaffActivityEntry, type StaffActivityPage } from '@brewery/shop-rules';
import { DOCUMENT_STORE } from '../../platform/persistence/persistence.tokens';
import { csvDownload } from '../../platform/http/csv-download';
import { csvFile } from '../../shared-kernel/csv';
import { StaffActivityErrors } from './staff-activity.errors';
import { STAFF_ACTIVITY, type StaffActivityDoc } from './staff-activity.projection';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MESSAGE = 'must be a day (YYYY-MM-DD)';

export class ActivityQuery {
  @ApiPropertyOptional({ description: 'Only what this person did' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  staffId?: string;

  @ApiPropertyOptional({ description: 'From this Perth day (inclusive), YYYY-MM-DD' })
  @IsOptional()
  @Matches(DAY, { message: `from ${DAY_MESSAGE}` })
  from?: string;

  @ApiPropertyOptional({ description: 'To this Perth day (inclusive), YYYY-MM-DD' })
  @IsOptional()
  @Matches(DAY, { message: `to ${DAY_MESSAGE}` })
  to?: string;

  @ApiPropertyOptional({ description: 'The next page: entries before this position (the last page’s `nextBefore`)' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'before must be a whole number' })
  @Min(0)
  before?: number;

  @ApiPropertyOptional({ description: 'Entries per page (1-200, default 50)' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be between 1 and 200' })
  @Max(200, { message: 'limit must be between 1 and 200' })
  limit?: number;

  @ApiPropertyOptional({ enum: ['json', 'csv'], description: 'csv: the whole selection as a download' })
  @IsOptional()
  @IsIn(['json', 'csv'], { message: 'format must be json or csv' })
  format?: 'json' | 'csv';
}

/** Most lines a CSV download holds (years of a small shop's staff activity). */
const CSV_LIMIT = 100_000;

/** What each person did, newest first, from the staff activity read model; a page at a time, or all as CSV. */
@ApiTags('admin: staff')
@ApiBearerAuth()
@Controller('admin/activity')
export class StaffActivityController {
  constructor(@Inject(DOCUMENT_STORE) private readonly store: DocumentStore) {}

  @Get()
  @ApiProduces('application/json', 'text/csv')
  @ApiOperation({ summary: 'What each person of the staff did (newest first, paged by `before`; `format=csv` for all of it)' })
  async list(@Query() query: ActivityQuery, @Res({ passthrough: true }) res: Response): Promise<StaffActivityPage | string> {
    const filter = this.filterOf(query);
    const collection = this.store.collection<StaffActivityDoc>(STAFF_ACTIVITY);
    if (query.format === 'csv') {
      const docs = await collection.find(filter, { sort: { position: -1 }, limit: CSV_LIMIT });
      const rows = [
        ['Time (Perth)', 'Person', 'Role', 'What', 'Event', 'Order', 'Product', 'Stream', 'Position'],
        ...docs.map((d) => [perthMinute(d.at), d.name, d.role, d.summary, d.type, d.orderId, d.productId, d.stream, d.position]),
      ];
      return csvDownload(
        res,
        `staff-activity${query.from === undefined ? '' : `-from-${query.from}`}${query.to === undefined ? '' : `-to-${query.to}`}.csv`,
        csvFile(rows),
      );
    }
    const limit = query.limit ?? 50;
    const page = query.before === undefined ? filter : { $and: [filter, { position: { $lt: query.before } }] };
    const docs = await collection.find(page, { sort: { position: -1 }, limit: limit + 1 });
    const entries = docs.slice(0, limit).map(entryOf);
    return { entries, nextBefore: docs.length > limit ? (entries[entries.length - 1]?.position ?? null) : null };
  }

  private filterOf(query: ActivityQuery): Filter {
    const parts: Filter[] = [];
    if (query.staffId !== undefined) parts.push({ staffId: query.staffId });
    for (const [name, day] of [
      ['from', query.from],
      ['to', query.to],
    ] as const) {
      if (day !== undefined && !isPerthDay(day)) throw StaffActivityErrors.invalidDay(`${name} ${DAY_MESSAGE}`);
    }
    if (query.from !== undefined) parts.push({ at: { $gte: perthDayStart(query.from) } });
    if (query.to !== undefined) parts.push({ at: { $lt: perthDayStart(addDays(query.to, 1)) } });
    return parts.length === 0 ? {} : parts.length === 1 ? (parts[0] as Filter) : { $and: parts };
  }
}

/** `2026-11-28 14:05`: an instant as a Perth wall-clock minute (Perth keeps UTC+8 all year). */
function perthMinute(instant: string): string {
  return new Date(Date.parse(instant) + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}

function entryOf({ _id: _key, ...entry }: StaffActivityDoc): StaffActivityEntry {
  return entry;
}
