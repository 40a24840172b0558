import { Body, Controller, Get, HttpCode, HttpStatus, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminRequest } from '../admin-auth.guard';
import { AdminAuthErrors } from '../domain/admin-auth.errors';
import { LoginAccountAttempts, LoginRateLimitGuard } from '../login-rate-limit.guard';
import { StaffAccounts } from '../staff/staff-accounts.service';
import { AdminSessions } from '../session-end/admin-sessions.service';
import { Context } from '../../../platform/http/request-context';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { LoginRequestDto, LoginResponseDto, VerifyResponseDto } from './login.request.dto';
import { CLOCK, type Clock } from '../../../platform/clock';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { clearAdminSessionCookie, setAdminSessionCookie } from './admin-session-cookie';

/** Logging in as the operator, and checking a stored token (the admin screen does on load). */
@ApiTags('admin')
@Controller('admin')
export class AdminSessionController {
  constructor(
    private readonly accounts: StaffAccounts,
    private readonly accountAttempts: LoginAccountAttempts,
    private readonly sessions: AdminSessions,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('login')
  @HttpCode(HttpStatus.CREATED)
  @UseGuards(LoginRateLimitGuard)
  @ApiOperation({
    summary:
      'Sign in as a person of the staff ({email, password, code?}; {password} alone signs in the first owner) for a bearer token: 10 attempts per minute per client address, 20 wrong ones per 15 minutes per account',
  })
  @ApiCreatedResponse({ type: LoginResponseDto })
  async login(
    @Body() body: LoginRequestDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Context() context: Cause,
  ): Promise<LoginResponseDto> {
    const account = LoginAccountAttempts.accountOf(body.email, this.config.admin.ownerEmail);
    this.accountAttempts.refuseIfLocked(account, res);
    let issued: LoginResponseDto;
    try {
      issued = await this.accounts.signIn(
        {
          password: body.password,
          client: req.header('user-agent') ?? 'unknown',
          ...(body.email === undefined ? {} : { email: body.email }),
          ...(body.code === undefined ? {} : { code: body.code }),
        },
        context,
      );
    } catch (error) {
      this.accountAttempts.failed(account);
      throw error;
    }
    // Beside the token the page keeps: the cookie lets the server draw the admin's first page of orders.
    setAdminSessionCookie(req, res, issued.token, Date.parse(issued.expiresAt) / 1000, this.clock.now());
    return issued;
  }

  @Post('logout')
  @HttpCode(HttpStatus.OK)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'End the bearer token on the server: from the answer on, it is refused everywhere (401)' })
  async logout(
    @Req() req: AdminRequest,
    @Res({ passthrough: true }) res: Response,
    @Context() context: Cause,
  ): Promise<{ message: string }> {
    // The guard let the request through, so it carries a live token's claims.
    if (req.adminToken === undefined) throw AdminAuthErrors.authenticationRequired();
    await this.sessions.end(req.adminToken, context);
    clearAdminSessionCookie(req, res);
    return { message: 'Logged out' };
  }

  @Get('verify')
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'Whether the bearer token is still valid (401 when not); renews the admin page session cookie (HttpOnly, SameSite=Strict, Path=/admin) to it',
  })
  @ApiOkResponse({ type: VerifyResponseDto })
  verify(@Req() req: AdminRequest, @Res({ passthrough: true }) res: Response): VerifyResponseDto {
    // The guard let the request through: its Authorization header holds a live token, whose claims it read.
    const token = /^Bearer +(\S+)$/i.exec(req.header('authorization')?.trim() ?? '')?.[1];
    if (token !== undefined && req.adminToken !== undefined) setAdminSessionCookie(req, res, token, req.adminToken.exp, this.clock.now());
    return { ok: true };
  }
}
