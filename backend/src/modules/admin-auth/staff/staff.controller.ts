import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { STAFF_ROLES, type StaffList, type StaffMember, type StaffRole, type StaffSession } from '@brewery/shop-rules';
import { Context } from '../../../platform/http/request-context';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import type { AdminRequest } from '../admin-auth.guard';
import { StaffErrors } from '../domain/staff.errors';
import { StaffAccounts } from './staff-accounts.service';
import { StaffDirectory } from './staff-directory.service';
import { staffMemberOf } from './staff-views';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ROLE_MESSAGE = `Role must be one of ${STAFF_ROLES.join(', ')}`;

export class InviteStaffRequest {
  @ApiProperty({ example: 'sam@example.com' })
  @IsString({ message: 'E-mail is required' })
  @MaxLength(254, { message: 'E-mail is too long' })
  @Matches(EMAIL, { message: 'E-mail must be an e-mail address' })
  email!: string;

  @ApiProperty({ example: 'Sam Lee' })
  @IsString({ message: 'Name is required' })
  @Matches(/\S/, { message: 'Name is required' })
  @MaxLength(80, { message: 'Name must be at most 80 characters' })
  name!: string;

  @ApiProperty({ enum: STAFF_ROLES })
  @IsIn(STAFF_ROLES, { message: ROLE_MESSAGE })
  role!: StaffRole;
}

export class ChangeRoleRequest {
  @ApiProperty({ enum: STAFF_ROLES })
  @IsIn(STAFF_ROLES, { message: ROLE_MESSAGE })
  role!: StaffRole;
}

export class TwoFactorRequirementRequest {
  @ApiProperty({ description: 'Whether owners and managers must use two-factor codes' })
  @IsBoolean({ message: 'required must be true or false' })
  required!: boolean;
}

export class StaffIdParam {
  @IsString()
  @MinLength(1)
  @MaxLength(64)
  @Matches(/^[A-Za-z0-9-]+$/, { message: 'No such person on the staff' })
  id!: string;
}

export class StaffSessionParams extends StaffIdParam {
  @IsString()
  @MaxLength(64)
  sessionId!: string;
}

/** The owner's staff screen: invite, list, change roles, deactivate, sessions, and the two-factor requirement. */
@ApiTags('admin: staff')
@ApiBearerAuth()
@Controller('admin')
export class StaffController {
  constructor(
    private readonly accounts: StaffAccounts,
    private readonly directory: StaffDirectory,
  ) {}

  @Get('staff')
  @ApiOperation({ summary: 'Everyone on the staff, with role, status and last sign-in (owners only)' })
  async list(): Promise<StaffList> {
    const roster = await this.directory.roster();
    const staff = await Promise.all(
      Object.values(roster.members).map(async (member) => staffMemberOf(member, await this.directory.own(member.id))),
    );
    const order = { active: 0, invited: 1, deactivated: 2 } as const;
    staff.sort((a, b) => order[a.status] - order[b.status] || a.name.localeCompare(b.name));
    return { staff, twoFactorRequired: roster.twoFactorRequired };
  }

  @Post('staff')
  @ApiOperation({ summary: 'Invite a person: an e-mail with a link to choose their password (72 hours, once). 409 email_taken' })
  async invite(@Body() body: InviteStaffRequest, @Context() cause: Cause): Promise<StaffMember> {
    const { id } = await this.accounts.invite({ email: body.email, name: body.name.trim(), role: body.role }, cause);
    return this.one(id);
  }

  @Get('staff/:id')
  @ApiOperation({ summary: 'One person on the staff' })
  show(@Param() params: StaffIdParam): Promise<StaffMember> {
    return this.one(params.id);
  }

  @Patch('staff/:id')
  @ApiOperation({ summary: 'Change a person’s role (409 last_owner: the last owner stays an owner)' })
  async changeRole(@Param() params: StaffIdParam, @Body() body: ChangeRoleRequest, @Context() cause: Cause): Promise<StaffMember> {
    await this.accounts.changeRole(params.id, body.role, cause);
    return this.one(params.id);
  }

  @Delete('staff/:id')
  @ApiOperation({ summary: 'Deactivate a person: all their sessions end at once; their history stays (409 last_owner)' })
  async deactivate(@Param() params: StaffIdParam, @Context() cause: Cause): Promise<StaffMember> {
    await this.accounts.deactivate(params.id, cause);
    return this.one(params.id);
  }

  @Get('staff/:id/sessions')
  @ApiOperation({ summary: 'A person’s live sessions, newest first' })
  async sessions(@Param() params: StaffIdParam, @Req() req: AdminRequest): Promise<StaffSession[]> {
    await this.one(params.id);
    return this.directory.liveSessions(params.id, req.adminToken?.jti ?? null);
  }

  @Delete('staff/:id/sessions/:sessionId')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'End one of a person’s sessions' })
  async endSession(@Param() params: StaffSessionParams, @Context() cause: Cause): Promise<{ ended: true }> {
    await this.one(params.id);
    await this.accounts.endSession(params.id, params.sessionId, cause);
    return { ended: true };
  }

  @Delete('staff/:id/two-factor')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Turn off a person’s two-factor codes (a lost phone): they set them up again at their next sign-in' })
  async resetTwoFactor(@Param() params: StaffIdParam, @Context() cause: Cause): Promise<StaffMember> {
    await this.one(params.id);
    await this.accounts.disableTwoFactor(params.id, true, cause);
    return this.one(params.id);
  }

  @Put('settings/two-factor')
  @ApiOperation({
    summary: 'Require two-factor codes of owners and managers, or not (409 own_two_factor_first: the owner asking uses them first)',
  })
  async requireTwoFactor(
    @Body() body: TwoFactorRequirementRequest,
    @Req() req: AdminRequest,
    @Context() cause: Cause,
  ): Promise<{ twoFactorRequired: boolean }> {
    await this.accounts.requireTwoFactor(body.required, req.signedIn?.person.own.twoFactor?.enabled === true, cause);
    return { twoFactorRequired: (await this.directory.roster()).twoFactorRequired };
  }

  private async one(id: string): Promise<StaffMember> {
    const person = await this.directory.person(id);
    if (person === null) throw StaffErrors.notFound();
    return staffMemberOf(person.member, person.own);
  }
}
