import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { ROLE_PERMISSIONS, type AdminMe, type StaffSession, type TwoFactorConfirmed, type TwoFactorEnrolment } from '@brewery/shop-rules';
import { Context } from '../../../platform/http/request-context';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import type { AdminRequest } from '../admin-auth.guard';
import { AdminAuthErrors } from '../domain/admin-auth.errors';
import type { SignedInPerson } from '../admin-bearer';
import { StaffAccounts } from './staff-accounts.service';
import { StaffDirectory } from './staff-directory.service';

export class TwoFactorCodeRequest {
  @ApiProperty({ description: 'The 6-digit code the authenticator app shows now', example: '123456' })
  @IsString({ message: 'Code is required' })
  @MaxLength(32, { message: 'Code must be the 6 digits from your app' })
  code!: string;
}

function signedIn(req: AdminRequest): SignedInPerson {
  // The guard let the request through: it carries the signed-in person.
  if (req.signedIn === undefined) throw AdminAuthErrors.authenticationRequired();
  return req.signedIn;
}

/** The signed-in person's own account: who they are, their sessions, their two-factor codes. */
@ApiTags('admin: me')
@ApiBearerAuth()
@Controller('admin/me')
export class MeController {
  constructor(
    private readonly accounts: StaffAccounts,
    private readonly directory: StaffDirectory,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Who is signed in: id, name, e-mail, role, what the role allows, two-factor state' })
  me(@Req() req: AdminRequest): AdminMe {
    const { claims, person } = signedIn(req);
    return {
      id: person.member.id,
      name: person.member.name,
      email: person.member.email,
      role: person.member.role,
      permissions: [...ROLE_PERMISSIONS[person.member.role]],
      twoFactor: { enabled: person.own.twoFactor?.enabled === true, required: person.twoFactorRequired },
      sessionId: claims.jti,
    };
  }

  @Get('sessions')
  @ApiOperation({ summary: 'My live sessions, newest first (`current`: this one)' })
  sessions(@Req() req: AdminRequest): Promise<StaffSession[]> {
    const { claims, person } = signedIn(req);
    return this.directory.liveSessions(person.member.id, claims.jti);
  }

  @Delete('sessions/:sessionId')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'End one of my sessions (a phone left signed in)' })
  async endSession(@Req() req: AdminRequest, @Param('sessionId') sessionId: string, @Context() cause: Cause): Promise<{ ended: true }> {
    await this.accounts.endSession(signedIn(req).person.member.id, sessionId, cause);
    return { ended: true };
  }

  @Post('two-factor')
  @ApiOperation({ summary: 'Start setting up two-factor codes: a secret for the authenticator app, shown once' })
  startTwoFactor(@Req() req: AdminRequest, @Context() cause: Cause): Promise<TwoFactorEnrolment> {
    return this.accounts.startTwoFactor(signedIn(req).person, cause);
  }

  @Post('two-factor/confirm')
  @ApiOperation({ summary: 'Turn two-factor codes on with the app’s current code: ten recovery codes, shown once' })
  async confirmTwoFactor(
    @Req() req: AdminRequest,
    @Body() body: TwoFactorCodeRequest,
    @Context() cause: Cause,
  ): Promise<TwoFactorConfirmed> {
    const { recoveryCodes } = await this.accounts.confirmTwoFactor(signedIn(req).person.member.id, body.code, cause);
    return { recoveryCodes };
  }

  @Delete('two-factor')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Turn my two-factor codes off' })
  async disableTwoFactor(@Req() req: AdminRequest, @Context() cause: Cause): Promise<{ enabled: false }> {
    await this.accounts.disableTwoFactor(signedIn(req).person.member.id, false, cause);
    return { enabled: false };
  }
}
