import { Module, type OnModuleInit } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AdminAuthGuard } from './admin-auth.guard';
import { AdminSessionController } from './admin-session/admin-session.controller';
import { AdminBearer } from './admin-bearer';
import { AdminCredentials, PASSWORD_ANNOUNCER, type PasswordAnnouncer } from './credentials/admin-credentials.service';
import { AdminTokens } from './credentials/admin-token.service';
import { LoginAccountAttempts, LoginAttempts, LoginRateLimitGuard } from './login-rate-limit.guard';
import { AdminSessions } from './session-end/admin-sessions.service';
import { EndedAdminSessionsProjection } from './session-end/ended-sessions.projection';
import { StaffAccounts } from './staff/staff-accounts.service';
import { StaffDirectory } from './staff/staff-directory.service';
import { StaffController } from './staff/staff.controller';
import { MeController } from './staff/me.controller';
import { StaffPublicController } from './staff/staff-public.controller';
import { NotificationsModule } from '../notifications';
import { HttpEdge } from '../../platform/http/http-edge';
import { ProjectionRegistry } from '../../platform/projections/projection-registry';

// Straight to stdout, whatever LOG_LEVEL says: the operator must see a generated password once.
const announceOnStdout: PasswordAnnouncer = (text) => {
  process.stdout.write(`${text}\n`);
};

/**
 * Operator access: the staff (the roster, each person's account, invitations, resets, two-factor codes), signing
 * in, bearer tokens, and the global guard over every /api/admin/ route with the permissions table.
 */
@Module({
  imports: [NotificationsModule],
  controllers: [AdminSessionController, MeController, StaffController, StaffPublicController],
  providers: [
    AdminCredentials,
    AdminTokens,
    LoginAttempts,
    LoginAccountAttempts,
    LoginRateLimitGuard,
    AdminSessions,
    AdminBearer,
    StaffDirectory,
    StaffAccounts,
    EndedAdminSessionsProjection,
    { provide: PASSWORD_ANNOUNCER, useValue: announceOnStdout },
    { provide: APP_GUARD, useClass: AdminAuthGuard },
  ],
  exports: [AdminTokens, AdminBearer],
})
export class AdminAuthModule implements OnModuleInit {
  constructor(
    private readonly registry: ProjectionRegistry,
    private readonly endedSessions: EndedAdminSessionsProjection,
    private readonly edge: HttpEdge,
    private readonly bearer: AdminBearer,
  ) {}

  onModuleInit(): void {
    this.registry.registerProjection(this.endedSessions);
    this.edge.checkOperatorWith((authorization) => this.bearer.allows(authorization));
  }
}
