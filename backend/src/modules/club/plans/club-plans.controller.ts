import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import type { DocumentStore } from '@brewery/eventstore';
import { CLUB_CANS, CLUB_EVERY, type ClubPlanList, type ClubPlanView, type CreateClubPlanRequest } from '@brewery/shop-rules';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { Context } from '../../../platform/http/request-context';
import { DOCUMENT_STORE } from '../../../platform/persistence/persistence.tokens';
import { CLOCK, type Clock } from '../../../platform/clock';
import { clubPlansDecider, planFrom } from '../domain/club-plans.decider';
import { CLUB_PLANS_STREAM } from '../domain/club-plan.events';
import { CLUB_PLANS, clubPlanView, type ClubPlanDoc } from './club-plans.projection';

/** Shape only: every field is checked by `planFrom`, which names the field that is wrong. */
export class CreateClubPlanBody {
  @ApiProperty({ example: 'Brewer’s Dozen' }) @Allow() name?: unknown;
  @ApiProperty({ enum: CLUB_CANS }) @Allow() cans?: unknown;
  @ApiProperty({ enum: CLUB_EVERY }) @Allow() every?: unknown;
  @ApiProperty({ example: '79.00', description: 'Dollars, GST included' }) @Allow() price?: unknown;
  @ApiPropertyOptional() @Allow() description?: unknown;
}

async function listed(documents: DocumentStore): Promise<ClubPlanList> {
  const docs = await documents.collection<ClubPlanDoc>(CLUB_PLANS).find({}, { sort: { createdAt: 1 } });
  return { plans: docs.map(clubPlanView) };
}

@ApiTags('admin: club')
@ApiBearerAuth()
@Controller('admin/club/plans')
export class AdminClubPlansController {
  constructor(
    private readonly pipeline: CommandPipeline,
    @Inject(DOCUMENT_STORE) private readonly documents: DocumentStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The club’s plans, oldest first' })
  list(): Promise<ClubPlanList> {
    return listed(this.documents);
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'A new plan: a mixed pack of 8 or 16 cans every month or quarter, at a price (GST included)' })
  async create(@Body() body: CreateClubPlanBody, @Context() context: Cause): Promise<ClubPlanView> {
    const plan = planFrom(body as CreateClubPlanRequest, randomUUID());
    const at = this.clock.now().toISOString();
    await this.pipeline.run({
      streamName: CLUB_PLANS_STREAM,
      decider: clubPlansDecider,
      command: { type: 'CreateClubPlan', plan, at },
      cause: context,
    });
    return clubPlanView({ ...plan, createdAt: at });
  }
}

@ApiTags('club')
@Controller('club/plans')
export class ClubPlansController {
  constructor(@Inject(DOCUMENT_STORE) private readonly documents: DocumentStore) {}

  @Get()
  @ApiOperation({ summary: 'The club’s plans, for the /club page' })
  list(): Promise<ClubPlanList> {
    return listed(this.documents);
  }
}
