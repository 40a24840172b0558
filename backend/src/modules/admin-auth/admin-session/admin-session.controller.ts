import { Body, Controller, Get, HttpCode, HttpStatus, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DomainError } from '../../../shared-kernel/domain-error';
import { AdminCredentials } from '../credentials/admin-credentials.service';
import { AdminTokens } from '../credentials/admin-token.service';
import type { AdminRequest } from '../admin-auth.guard';
import { LoginRateLimitGuard } from '../login-rate-limit.guard';
import { AdminSessions } from '../session-end/admin-sessions.service';
import { Context, type RequestContext } from '../../../platform/http/request-context';
import { LoginRequestDto, LoginResponseDto, VerifyResponseDto } from './login.request.dto';

/** Logging in as the operator, and checking a stored token (the admin screen does on load). */
@ApiTags('admin')
@Controller('admin')
export class AdminSessionController {
  constructor(
    private readonly credentials: AdminCredentials,
    private readonly tokens: AdminTokens,
    private readonly sessions: AdminSessions,
  ) {}

  @Post('login')
  @HttpCode(HttpStatus.CREATED)
  @UseGuards(LoginRateLimitGuard)
  @ApiOperation({ summary: 'Exchange the admin password for a bearer token (10 attempts per minute per IP)' })
  @ApiCreatedResponse({ type: LoginResponseDto })
  async login(@Body() body: LoginRequestDto): Promise<LoginResponseDto> {
    if (!(await this.credentials.matches(body.password))) {
      throw new DomainError('invalid_admin_password', 'Invalid admin password', 'unauthorized');
    }
    return this.tokens.issue();
  }

  @Post('logout')
  @HttpCode(HttpStatus.OK)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'End the bearer token on the server: from the answer on, it is refused everywhere (401)' })
  async logout(@Req() req: AdminRequest, @Context() context: RequestContext): Promise<{ message: string }> {
    // The guard let the request through, so it carries a live token's claims.
    if (req.adminToken === undefined) throw new DomainError('authentication_required', 'Authentication required', 'unauthorized');
    await this.sessions.end(req.adminToken, context.correlationId);
    return { message: 'Logged out' };
  }

  @Get('verify')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Whether the bearer token is still valid (401 when not)' })
  @ApiOkResponse({ type: VerifyResponseDto })
  verify(): VerifyResponseDto {
    return { ok: true };
  }
}
