import { Body, Controller, Get, HttpCode, Injectable, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiPropertyOptional, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ThrottlerStorageService } from '@nestjs/throttler';
import { Allow } from 'class-validator';
import type { ClubCardUpdate, ClubMemberView, ClubPayment, JoinClubResponse } from '@brewery/shop-rules';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { Context } from '../../../platform/http/request-context';
import { CountedPerClient } from '../../../platform/http/per-client-limit';
import { ClubMembers } from './club-members.service';

/** Joins and member changes, counted per client address in a sliding minute (each join opens a SetupIntent). */
@Injectable()
export class ClubJoinAttempts extends ThrottlerStorageService {}
export const CLUB_JOINS_PER_MINUTE = 10;

/** Shape only: the member decider and the checkout's customer check say what is wrong, naming the field. */
export class JoinClubBody {
  @ApiProperty() @Allow() planId?: unknown;
  @ApiProperty({ description: 'name, email, phone, and the address unless collected at the cellar door' }) @Allow() customerInfo?: unknown;
  @ApiProperty({ example: { method: 'delivery' }, description: '{ method: delivery | pickup }' }) @Allow() fulfilment?: unknown;
}

export class MemberTokenBody {
  @ApiProperty({ description: 'The member’s link token (from /club/manage?token=…)' }) @Allow() token?: unknown;
}

export class MemberRunBody extends MemberTokenBody {
  @ApiProperty() @Allow() runId?: unknown;
}

export class MemberDetailsBody extends MemberTokenBody {
  @ApiProperty() @Allow() customerInfo?: unknown;
  @ApiPropertyOptional({ example: { method: 'pickup' } }) @Allow() fulfilment?: unknown;
}

@ApiTags('club')
@Controller('club')
export class ClubMembersController {
  constructor(private readonly members: ClubMembers) {}

  @Post('join')
  @HttpCode(201)
  @ApiOperation({ summary: 'Join a plan: the member is recorded and a SetupIntent opened to save their card for the runs' })
  @ApiResponse({ status: 409, description: 'already_a_member: the e-mail address is a member already' })
  @CountedPerClient(ClubJoinAttempts, {
    name: 'club-join',
    limit: CLUB_JOINS_PER_MINUTE,
    windowMs: 60_000,
    message: 'Too many club sign-ups from here: try again in a minute.',
    code: 'too_many_requests',
  })
  join(@Body() body: JoinClubBody, @Context() cause: Cause): Promise<JoinClubResponse> {
    return this.members.join(body, cause);
  }

  @Get('manage')
  @ApiOperation({ summary: 'The member’s own page, through the signed link of their club e-mails' })
  manage(@Query('token') token: string | undefined): Promise<ClubMemberView> {
    return this.members.view(token);
  }

  @Post('manage/skip')
  @HttpCode(200)
  @ApiOperation({ summary: 'Skip a run that is not charged yet: its cans go back on sale' })
  skip(@Body() body: MemberRunBody, @Context() cause: Cause): Promise<ClubMemberView> {
    return this.members.act(body.token, { type: 'SkipRun', runId: String(body.runId) }, cause);
  }

  @Post('manage/unskip')
  @HttpCode(200)
  @ApiOperation({ summary: 'Take back a skip before the run is charged: its cans are held again (409 when they are gone)' })
  unskip(@Body() body: MemberRunBody, @Context() cause: Cause): Promise<ClubMemberView> {
    return this.members.act(body.token, { type: 'UnskipRun', runId: String(body.runId) }, cause);
  }

  @Post('manage/pause')
  @HttpCode(200)
  @ApiOperation({ summary: 'Pause: every run is skipped until the member resumes' })
  pause(@Body() body: MemberTokenBody, @Context() cause: Cause): Promise<ClubMemberView> {
    return this.members.act(body.token, { type: 'PauseMembership' }, cause);
  }

  @Post('manage/resume')
  @HttpCode(200)
  resume(@Body() body: MemberTokenBody, @Context() cause: Cause): Promise<ClubMemberView> {
    return this.members.act(body.token, { type: 'ResumeMembership' }, cause);
  }

  @Post('manage/cancel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancel the membership: held cans go back on sale, and no charge is tried again' })
  cancel(@Body() body: MemberTokenBody, @Context() cause: Cause): Promise<ClubMemberView> {
    return this.members.act(body.token, { type: 'CancelMembership' }, cause);
  }

  @Post('manage/details')
  @HttpCode(200)
  @ApiOperation({ summary: 'Change the address, phone or fulfilment (the e-mail address is the membership’s own)' })
  details(@Body() body: MemberDetailsBody, @Context() cause: Cause): Promise<ClubMemberView> {
    return this.members.act(body.token, { type: 'ChangeDetails', customerInfo: body.customerInfo, fulfilment: body.fulfilment }, cause);
  }

  @Post('manage/card')
  @HttpCode(200)
  @ApiOperation({ summary: 'A new SetupIntent to save another card for the runs' })
  @CountedPerClient(ClubJoinAttempts, {
    name: 'club-card',
    limit: CLUB_JOINS_PER_MINUTE,
    windowMs: 60_000,
    message: 'Too many card changes from here: try again in a minute.',
    code: 'too_many_requests',
  })
  card(@Body() body: MemberTokenBody, @Context() cause: Cause): Promise<ClubCardUpdate> {
    return this.members.startCardUpdate(body.token, cause);
  }

  @Post('manage/pay')
  @HttpCode(200)
  @ApiOperation({ summary: 'A declined run, or one needing authentication, paid by the member on-session' })
  pay(@Body() body: MemberRunBody): Promise<ClubPayment> {
    return this.members.payment(body.token, body.runId);
  }
}
