import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AdminAuthGuard } from './admin-auth.guard';
import { AdminSessionController } from './admin-session/admin-session.controller';
import { AdminCredentials, PASSWORD_ANNOUNCER, type PasswordAnnouncer } from './credentials/admin-credentials.service';
import { AdminTokens } from './credentials/admin-token.service';
import { LoginAttempts, LoginRateLimitGuard } from './login-rate-limit.guard';

// Straight to stdout, whatever LOG_LEVEL says: the operator must see a generated password once.
const announceOnStdout: PasswordAnnouncer = (text) => {
  process.stdout.write(`${text}\n`);
};

/** Operator access: login, bearer tokens, and the global guard over every /api/admin/ route. */
@Module({
  controllers: [AdminSessionController],
  providers: [
    AdminCredentials,
    AdminTokens,
    LoginAttempts,
    LoginRateLimitGuard,
    { provide: PASSWORD_ANNOUNCER, useValue: announceOnStdout },
    { provide: APP_GUARD, useClass: AdminAuthGuard },
  ],
  exports: [AdminTokens],
})
export class AdminAuthModule {}
