import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiPropertyOptional, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { type PickupList, isPerthDay, perthDayOf } from '@brewery/shop-rules';
import { Context } from '../../../platform/http/request-context';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { CLOCK, type Clock } from '../../../platform/clock';
import { orderNumberFrom } from '../../../shared-kernel/order-number';
import { ID_TYPES, OrderErrors } from '../../orders';
import { CellarDoorErrors } from './cellar-door.errors';
import { OrderCollection } from './order-collection.service';
import { PickupListQuery } from './pickup-list.query';

/** The hand-over. Checked by `parseCollection`. */
export class RecordCollectionRequest {
  @ApiProperty({ type: Boolean, example: true, description: "The collector's photo ID was checked (18+): must be true" })
  @Allow()
  idChecked?: unknown;
  @ApiProperty({ enum: ID_TYPES, example: 'drivers_licence' })
  @Allow()
  idType?: unknown;
  @ApiPropertyOptional({ type: String, example: 'Grace Hopper', description: 'Who collected it for the customer (absent: the customer)' })
  @Allow()
  collectedBy?: unknown;
}

const SATURDAY = 6;
const DAY_MS = 86_400_000;

@ApiTags('admin: cellar door')
@ApiBearerAuth()
@Controller('admin')
export class CellarDoorController {
  constructor(
    private readonly queries: QueryBus,
    private readonly collection: OrderCollection,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get('pickups')
  @ApiOperation({ summary: "A Saturday's cellar door list: its paid pickup orders by customer name, with what each collects" })
  @ApiQuery({ name: 'date', required: false, description: 'A Saturday, YYYY-MM-DD (default: the coming Saturday, today on a Saturday)' })
  pickups(@Query('date') date: unknown): Promise<PickupList> {
    return this.queries.execute(new PickupListQuery(date === undefined || date === '' ? this.comingSaturday() : saturday(date)));
  }

  @Post('orders/:orderId/collected')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Hand a pickup over at the cellar door: records the photo ID check (which kind, who collected, when, who checked) and sets it Delivered; refused without idChecked: true',
  })
  collected(@Param('orderId') asked: string, @Body() body: RecordCollectionRequest, @Context() context: Cause) {
    const orderId = orderNumberFrom(asked);
    if (orderId === null) throw OrderErrors.notFound(asked);
    return this.collection.collect(orderId, body, context);
  }

  private comingSaturday(): string {
    const today = perthDayOf(this.clock.now());
    const weekday = new Date(`${today}T00:00:00.000Z`).getUTCDay();
    return new Date(Date.parse(`${today}T00:00:00.000Z`) + ((SATURDAY - weekday + 7) % 7) * DAY_MS).toISOString().slice(0, 10);
  }
}

function saturday(value: unknown): string {
  if (typeof value !== 'string' || !isPerthDay(value) || new Date(`${value}T00:00:00.000Z`).getUTCDay() !== SATURDAY)
    throw CellarDoorErrors.invalidDate();
  return value;
}
