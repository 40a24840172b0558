import { Body, Controller, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import type { DocumentStore } from '@brewery/eventstore';
import {
  CLUB_MEMBER_STATUSES,
  CLUB_SHARE_STATUSES,
  decimalString,
  perthDayOf,
  type ClubMemberList,
  type ClubReport,
  type ClubRunDetail,
  type ClubRunList,
  type ClubRunView,
  type ClubShareStatus,
} from '@brewery/shop-rules';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { Context } from '../../../platform/http/request-context';
import { DOCUMENT_STORE } from '../../../platform/persistence/persistence.tokens';
import { ClubErrors } from '../domain/club-member.errors';
import type { ClubRunDefinition } from '../domain/club-run.events';
import {
  CLUB_MEMBERS,
  CLUB_ORDERS,
  CLUB_RUNS,
  CLUB_SHARES,
  type ClubMemberDoc,
  type ClubOrderDoc,
  type ClubRunDoc,
  type ClubShareDoc,
} from '../read-models/club.projections';
import { ClubRuns } from './club-runs.service';

/** Shape only: the run decider says what is wrong, naming the field. */
export class CreateClubRunBody {
  @ApiProperty() @Allow() planId?: unknown;
  @ApiProperty({ example: '2026-12-01T09:00:00+08:00' }) @Allow() chargeAt?: unknown;
  @ApiProperty({ example: [{ productId: 'quokka-pale-ale', quantity: 8 }] }) @Allow() items?: unknown;
}

@ApiTags('admin: club')
@ApiBearerAuth()
@Controller('admin/club')
export class AdminClubController {
  constructor(
    private readonly runs: ClubRuns,
    @Inject(DOCUMENT_STORE) private readonly documents: DocumentStore,
  ) {}

  @Post('runs')
  @HttpCode(201)
  @ApiOperation({ summary: 'A run: the plan’s pack for every active member, its cans held now, charged at chargeAt' })
  async create(@Body() body: CreateClubRunBody, @Context() cause: Cause): Promise<ClubRunView> {
    const run = await this.runs.create(body, cause);
    return runView(run, [], []);
  }

  @Get('runs')
  @ApiOperation({ summary: 'Every run, newest charge first, with its members counted by where their charge stands' })
  async list(): Promise<ClubRunList> {
    const runs = await this.documents.collection<ClubRunDoc>(CLUB_RUNS).find({}, { sort: { chargeAt: -1 } });
    const shares = await this.documents.collection<ClubShareDoc>(CLUB_SHARES).find({});
    const orders = await this.documents.collection<ClubOrderDoc>(CLUB_ORDERS).find({});
    return {
      runs: runs.map((run) =>
        runView(
          run,
          shares.filter((share) => share.runId === run.runId),
          orders.filter((order) => order.runId === run.runId),
        ),
      ),
    };
  }

  @Get('runs/:runId')
  @ApiOperation({ summary: 'One run and every member in it: charged, declined, waiting, packed…' })
  async detail(@Param('runId') runId: string): Promise<ClubRunDetail> {
    const run = await this.documents.collection<ClubRunDoc>(CLUB_RUNS).findOne({ _id: runId });
    if (run === null) throw ClubErrors.runNotFound(runId);
    const shares = await this.documents.collection<ClubShareDoc>(CLUB_SHARES).find({ runId }, { sort: { _id: 1 } });
    const orders = await this.documents.collection<ClubOrderDoc>(CLUB_ORDERS).find({ runId });
    const members = new Map(
      (await this.documents.collection<ClubMemberDoc>(CLUB_MEMBERS).find({})).map((member) => [member._id, member] as const),
    );
    return {
      run: runView(run, shares, orders),
      members: shares.map((share) => {
        const member = members.get(share.memberId);
        return {
          memberId: share.memberId,
          name: member?.name ?? '',
          email: member?.email ?? '',
          memberStatus: member?.status ?? 'cancelled',
          runId: share.runId,
          chargeAt: share.chargeAt,
          status: share.status,
          orderId: share.orderId,
          attempts: share.attempts,
          nextTryAt: share.nextTryAt,
          lastError: share.lastError,
        };
      }),
    };
  }

  @Get('members')
  @ApiOperation({ summary: 'Every member, oldest first, with their status, plan and card' })
  async members(): Promise<ClubMemberList> {
    const members = await this.documents.collection<ClubMemberDoc>(CLUB_MEMBERS).find({}, { sort: { joinedAt: 1 } });
    return {
      members: members.map((member) => ({
        memberId: member._id,
        name: member.name,
        email: member.email,
        planId: member.planId,
        planName: member.planName,
        status: member.status,
        fulfilment: member.fulfilment,
        card: member.card,
        joinedAt: member.joinedAt,
      })),
    };
  }

  @Get('report')
  @ApiOperation({ summary: 'Members by status; club revenue per run and per month (Perth), net of refunds' })
  async report(): Promise<ClubReport> {
    const members = await this.documents.collection<ClubMemberDoc>(CLUB_MEMBERS).find({});
    const runs = await this.documents.collection<ClubRunDoc>(CLUB_RUNS).find({}, { sort: { chargeAt: -1 } });
    const paid = (await this.documents.collection<ClubOrderDoc>(CLUB_ORDERS).find({})).filter((order) => order.paid);
    const byMonth = new Map<string, { orders: number; cents: number }>();
    for (const order of paid) {
      const month = perthDayOf(order.paidAt ?? '').slice(0, 7);
      const seen = byMonth.get(month) ?? { orders: 0, cents: 0 };
      byMonth.set(month, { orders: seen.orders + 1, cents: seen.cents + order.amountCents - order.refundedCents });
    }
    return {
      members: Object.fromEntries(
        CLUB_MEMBER_STATUSES.map((status) => [status, members.filter((member) => member.status === status).length]),
      ) as ClubReport['members'],
      runs: runs.map((run) => {
        const orders = paid.filter((order) => order.runId === run.runId);
        return {
          runId: run.runId,
          planName: run.planName,
          chargeAt: run.chargeAt,
          orders: orders.length,
          revenue: decimalString(orders.reduce((sum, order) => sum + order.amountCents - order.refundedCents, 0)),
        };
      }),
      months: [...byMonth.entries()]
        .sort(([a], [b]) => b.localeCompare(a))
        .map(([month, { orders, cents }]) => ({ month, orders, revenue: decimalString(cents) })),
    };
  }
}

function runView(
  run: ClubRunDefinition & { createdAt: string },
  shares: readonly ClubShareDoc[],
  orders: readonly ClubOrderDoc[],
): ClubRunView {
  const counts = Object.fromEntries(CLUB_SHARE_STATUSES.map((status) => [status, 0])) as Record<ClubShareStatus, number>;
  for (const share of shares) counts[share.status] += 1;
  // Members the run was made for whose share is not recorded yet are waiting on their held cans.
  counts.held += Math.max(0, run.members.length - shares.length);
  return {
    runId: run.runId,
    planId: run.planId,
    planName: run.planName,
    chargeAt: run.chargeAt,
    items: run.items.map(({ productId, productName, quantity }) => ({ productId, productName, quantity })),
    price: decimalString(run.priceCents),
    createdAt: run.createdAt,
    counts,
    revenue: decimalString(orders.filter((order) => order.paid).reduce((sum, order) => sum + order.amountCents - order.refundedCents, 0)),
  };
}
