import { Body, Controller, Get, HttpCode, HttpStatus, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DomainError } from '../../../shared-kernel/domain-error';
import { AdminCredentials } from '../credentials/admin-credentials.service';
import { AdminTokens } from '../credentials/admin-token.service';
import { LoginRateLimitGuard } from '../login-rate-limit.guard';
import { LoginRequestDto, LoginResponseDto, VerifyResponseDto } from './login.request.dto';

/** Logging in as the operator, and checking a stored token (the admin screen does on load). */
@ApiTags('admin')
@Controller('admin')
export class AdminSessionController {
  constructor(
    private readonly credentials: AdminCredentials,
    private readonly tokens: AdminTokens,
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

  @Get('verify')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Whether the bearer token is still valid (401 when not)' })
  @ApiOkResponse({ type: VerifyResponseDto })
  verify(): VerifyResponseDto {
    return { ok: true };
  }
}
