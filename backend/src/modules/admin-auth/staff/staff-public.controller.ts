import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import { Context } from '../../../platform/http/request-context';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { CountedPerClient } from '../../../platform/http/per-client-limit';
import { LoginAttempts } from '../login-rate-limit.guard';
import { StaffAccounts } from './staff-accounts.service';

export class OneTimeTokenPasswordRequest {
  @ApiProperty({ description: 'The token from the e-mailed link' })
  @IsString({ message: 'The link is not valid' })
  @MaxLength(200, { message: 'The link is not valid' })
  token!: string;

  @ApiProperty({ description: 'The new password: 12 characters or more, not a common one' })
  @IsString({ message: 'Password is required' })
  @MaxLength(1024, { message: 'Password is too long' })
  password!: string;
}

export class PasswordResetRequest {
  @ApiProperty({ example: 'sam@example.com' })
  @IsString({ message: 'E-mail is required' })
  @MaxLength(254, { message: 'E-mail is too long' })
  @Matches(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { message: 'E-mail must be an e-mail address' })
  email!: string;
}

const LINK_RULE = {
  limit: 10,
  windowMs: 60_000,
  message: 'Too many tries. Please wait a minute and try again.',
  code: 'too_many_attempts',
};

/** What a person does before they can sign in: use an invitation, ask for and use a reset link. */
@ApiTags('admin: staff')
@Controller('admin')
export class StaffPublicController {
  constructor(private readonly accounts: StaffAccounts) {}

  @Post('invites/accept')
  @HttpCode(HttpStatus.OK)
  @CountedPerClient(LoginAttempts, { name: 'invite-accept', ...LINK_RULE })
  @ApiOperation({ summary: 'Use an invitation: set the password (12+ characters, not a common one). Unknown, used or expired: 404 alike' })
  async accept(@Body() body: OneTimeTokenPasswordRequest, @Context() cause: Cause): Promise<{ accepted: true }> {
    await this.accounts.acceptInvitation(body, cause);
    return { accepted: true };
  }

  @Post('password-reset')
  @HttpCode(HttpStatus.ACCEPTED)
  @CountedPerClient(LoginAttempts, { name: 'password-reset', ...LINK_RULE })
  @ApiOperation({
    summary: 'E-mail a reset link (30 minutes, once) to that address if it belongs to someone on the staff; the same answer either way',
  })
  async requestReset(@Body() body: PasswordResetRequest, @Context() cause: Cause): Promise<{ message: string }> {
    await this.accounts.requestPasswordReset(body.email, cause);
    return { message: 'If that address belongs to someone on the staff, a reset link is on its way.' };
  }

  @Post('password-reset/complete')
  @HttpCode(HttpStatus.OK)
  @CountedPerClient(LoginAttempts, { name: 'password-reset-complete', ...LINK_RULE })
  @ApiOperation({ summary: 'Use a reset link: set a new password; every session of that person ends' })
  async completeReset(@Body() body: OneTimeTokenPasswordRequest, @Context() cause: Cause): Promise<{ reset: true }> {
    await this.accounts.completePasswordReset(body, cause);
    return { reset: true };
  }
}
