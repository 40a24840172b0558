import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { StaffRole } from '@brewery/shop-rules';
import { type AppConfig, APP_CONFIG, SERVER_SECRET } from '../../../config/app-config';
import { CLOCK, type Clock } from '../../../platform/clock';
import { systemCause, type Cause } from '../../../platform/event-sourcing/command-metadata';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { StoreWriteError } from '../../../platform/event-sourcing/store-writes';
import { EmailService, LINK_PLACEHOLDER, sealEmailLink } from '../../notifications';
import { AdminCredentials } from '../credentials/admin-credentials.service';
import { AdminTokens } from '../credentials/admin-token.service';
import {
  newOneTimeToken,
  newRecoveryCodes,
  looksLikeRecoveryCode,
  recoveryCodeHash,
  tokenHash,
  tokenStaffId,
} from '../credentials/one-time-token';
import { passwordProblem } from '../credentials/password-policy';
import { hashPassword, parseScryptHash, verifyPassword } from '../credentials/scrypt-password';
import { SecretBox } from '../../../platform/crypto/secret-box';
import { matchingTotpStep, newTotpSecret, otpauthUrl } from '../credentials/totp';
import { AdminAuthErrors } from '../domain/admin-auth.errors';
import { staffMemberDecider, staffStream, type SignIn, type StaffMemberCommand } from '../domain/staff-member.decider';
import { FIRST_OWNER_ID, STAFF_ROSTER_STREAM, staffRosterDecider, type StaffRosterCommand } from '../domain/staff-roster.decider';
import { StaffErrors } from '../domain/staff.errors';
import { AdminBearer } from '../admin-bearer';
import { AdminSessions } from '../session-end/admin-sessions.service';
import { StaffDirectory, type StaffPerson } from './staff-directory.service';

/** How long an invitation works, and a password reset link. */
export const INVITATION_HOURS = 72;
export const RESET_LINK_MINUTES = 30;

/** A password hash compared when nobody has the e-mail given, so a wrong address takes as long as a wrong password. */
const NOBODY = hashPassword(randomUUID());

/**
 * Staff accounts, wired: it reads people, checks passwords and codes against what their streams hold, and asks
 * the roster's and each person's decider for every change. The rules are the deciders'.
 */
@Injectable()
export class StaffAccounts implements OnModuleInit {
  private readonly box: SecretBox;
  private readonly logger = new Logger('Staff');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CommandPipeline) private readonly pipeline: CommandPipeline,
    private readonly directory: StaffDirectory,
    private readonly credentials: AdminCredentials,
    private readonly tokens: AdminTokens,
    private readonly bearer: AdminBearer,
    private readonly sessions: AdminSessions,
    private readonly email: EmailService,
    @Inject(SERVER_SECRET) private readonly secret: string,
  ) {
    this.box = new SecretBox(secret);
  }

  /** The first owner exists from the first start, with the configured e-mail (recorded again when it changes). */
  async onModuleInit(): Promise<void> {
    await this.roster({ type: 'EstablishOwner', email: this.config.admin.ownerEmail }, systemCause(`start-${randomUUID()}`));
  }

  /**
   * Signs a person in: `email` absent means the first owner (scripts from before staff accounts). A wrong
   * e-mail and a wrong password are the same refusal, and take as long.
   */
  async signIn(
    input: { email?: string; password: string; code?: string; client: string },
    cause: Cause,
  ): Promise<{ token: string; expiresAt: string }> {
    const person =
      input.email === undefined ? await this.directory.person(FIRST_OWNER_ID) : await this.directory.personByEmail(input.email);
    const checkable = person !== null && person.member.status === 'active';
    const good = checkable && (await this.passwordMatches(person, input.password));
    if (!good) {
      // Nobody, someone invited or gone: a password is still compared, so the answer takes as long as a wrong one.
      if (!checkable) await verifyPassword(input.password, parseScryptHash(await NOBODY));
      throw input.email === undefined ? AdminAuthErrors.invalidPassword() : AdminAuthErrors.invalidCredentials();
    }
    const issued = this.tokens.issue(person.member.id, this.bearer.credentialOf(person));
    const command: SignIn = {
      type: 'SignIn',
      sessionId: issued.claims.jti,
      at: this.clock.now().toISOString(),
      expiresAt: issued.expiresAt,
      client: input.client.slice(0, 120),
      secondFactor: this.secondFactor(person, input.code),
    };
    try {
      await this.own(person.member.id, command, { ...cause, actor: this.actorOf(person) });
    } catch (error) {
      // The log not taking writes must not lock the operator out of the System tab that says why: a sign-in
      // without two-factor codes goes ahead unrecorded (it is missing from the sessions list; log out still ends
      // it). With codes on, the code's single use cannot be recorded, so that sign-in waits for the store.
      if (!(error instanceof StoreWriteError) || command.secondFactor.kind !== 'none') throw error;
      this.logger.warn(`Sign-in of ${person.member.id} not recorded: the event store is not taking writes`);
    }
    return { token: issued.token, expiresAt: issued.expiresAt };
  }

  async invite(input: { email: string; name: string; role: StaffRole }, cause: Cause): Promise<{ id: string; position: number | null }> {
    const staffId = randomUUID();
    const expiresAt = new Date(this.clock.now().getTime() + INVITATION_HOURS * 3_600_000).toISOString();
    // The decider may give back the id of the same person invited before: the link names whoever it decided.
    const planned = await this.pipeline.check({
      streamName: STAFF_ROSTER_STREAM,
      decider: staffRosterDecider,
      command: { type: 'InviteStaff', staffId, email: input.email, name: input.name, role: input.role, tokenHash: '', expiresAt },
    });
    const invitedId = (planned.events[0]?.data as { staffId: string }).staffId;
    const { token, hash } = newOneTimeToken(invitedId);
    const result = await this.roster(
      { type: 'InviteStaff', staffId: invitedId, email: input.email, name: input.name, role: input.role, tokenHash: hash, expiresAt },
      cause,
    );
    const link = `${this.publicUrl()}/admin/accept-invite?token=${encodeURIComponent(token)}`;
    const inviter = typeof cause.actor === 'object' ? cause.actor.name : 'The owner';
    await this.email.queue(
      `staff-invite-${invitedId}-${hash.slice(0, 16)}`,
      {
        to: input.email.trim(),
        subject: `You're invited to the ${this.config.shop.brandName} admin`,
        kind: 'staff-invitation',
        sealedLink: sealEmailLink(this.secret, link),
        text: [
          `Hello ${input.name},`,
          '',
          `${inviter} has invited you to the ${this.config.shop.brandName} admin as ${articleFor(input.role)} ${input.role}.`,
          'Choose your password here (the link works once, for 72 hours):',
          LINK_PLACEHOLDER,
          '',
          'If you did not expect this, ignore this e-mail.',
        ].join('\n'),
      },
      cause,
    );
    return { id: invitedId, position: result.position };
  }

  async acceptInvitation(input: { token: string; password: string }, cause: Cause): Promise<{ position: number | null }> {
    const staffId = tokenStaffId(input.token);
    if (staffId === null) throw StaffErrors.invitationNotFound();
    const command = {
      type: 'AcceptInvitation' as const,
      staffId,
      tokenHash: tokenHash(input.token),
      passwordHash: '',
      at: this.clock.now().toISOString(),
    };
    // The link first (before the slow hash, and before anything is said of the password), decided again with the hash.
    await this.pipeline.check({ streamName: STAFF_ROSTER_STREAM, decider: staffRosterDecider, command });
    const person = await this.directory.person(staffId);
    const problem = passwordProblem(input.password, [person?.member.email ?? '', person?.member.name ?? '', this.config.shop.brandName]);
    if (problem !== null) throw StaffErrors.weakPassword(problem);
    const actor = person === null ? cause.actor : this.actorOf(person);
    return this.roster({ ...command, passwordHash: await hashPassword(input.password) }, { ...cause, actor });
  }

  changeRole(staffId: string, role: StaffRole, cause: Cause): Promise<{ position: number | null }> {
    return this.roster({ type: 'ChangeStaffRole', staffId, role }, cause);
  }

  /** Deactivates a person: from the answer on, every token of theirs is refused (the guard reads the roster). */
  deactivate(staffId: string, cause: Cause): Promise<{ position: number | null }> {
    return this.roster({ type: 'DeactivateStaff', staffId }, cause);
  }

  requireTwoFactor(required: boolean, askerUsesTwoFactor: boolean, cause: Cause): Promise<{ position: number | null }> {
    return this.roster({ type: 'RequireTwoFactor', required, askerUsesTwoFactor }, cause);
  }

  /**
   * E-mails a reset link to a person on the staff with that address (the first owner's password is the
   * configured one: nothing is sent for it). Always the same answer, so it tells nobody who works here.
   */
  async requestPasswordReset(email: string, cause: Cause): Promise<void> {
    const person = await this.directory.personByEmail(email);
    if (person === null || person.member.status !== 'active' || person.member.id === FIRST_OWNER_ID) return;
    const { token, hash } = newOneTimeToken(person.member.id);
    const expiresAt = new Date(this.clock.now().getTime() + RESET_LINK_MINUTES * 60_000).toISOString();
    await this.own(
      person.member.id,
      { type: 'RequestPasswordReset', tokenHash: hash, expiresAt },
      { ...cause, actor: this.actorOf(person) },
    );
    await this.email.queue(
      `staff-reset-${person.member.id}-${hash.slice(0, 16)}`,
      {
        to: person.member.email,
        subject: `Reset your ${this.config.shop.brandName} admin password`,
        kind: 'staff-password-reset',
        sealedLink: sealEmailLink(this.secret, `${this.publicUrl()}/admin/reset-password?token=${encodeURIComponent(token)}`),
        text: [
          `Hello ${person.member.name},`,
          '',
          `Choose a new password here (the link works once, for ${RESET_LINK_MINUTES} minutes):`,
          LINK_PLACEHOLDER,
          '',
          'If you did not ask for this, ignore this e-mail: your password stays as it is.',
        ].join('\n'),
      },
      cause,
    );
  }

  async completePasswordReset(input: { token: string; password: string }, cause: Cause): Promise<void> {
    const staffId = tokenStaffId(input.token);
    const person = staffId === null ? null : await this.directory.person(staffId);
    if (person === null || person.member.status !== 'active') throw StaffErrors.resetLinkNotFound();
    const command = {
      type: 'ResetPassword' as const,
      tokenHash: tokenHash(input.token),
      passwordHash: '',
      at: this.clock.now().toISOString(),
      generation: person.member.generation,
    };
    // The link first, the password after: a made-up link learns nothing about whose name or e-mail it names.
    await this.pipeline.check({ streamName: staffStream(person.member.id), decider: staffMemberDecider, command });
    const problem = passwordProblem(input.password, [person.member.email, person.member.name, this.config.shop.brandName]);
    if (problem !== null) throw StaffErrors.weakPassword(problem);
    await this.own(
      person.member.id,
      { ...command, passwordHash: await hashPassword(input.password) },
      { ...cause, actor: this.actorOf(person) },
    );
  }

  async startTwoFactor(person: StaffPerson, cause: Cause): Promise<{ secret: string; otpauthUrl: string }> {
    const secret = newTotpSecret();
    await this.own(person.member.id, { type: 'StartTwoFactor', sealedSecret: this.box.seal(secret) }, cause);
    return { secret, otpauthUrl: otpauthUrl(secret, person.member.email, this.config.shop.brandName) };
  }

  async confirmTwoFactor(staffId: string, code: string, cause: Cause): Promise<{ recoveryCodes: string[]; position: number | null }> {
    const own = await this.directory.own(staffId);
    const step = own.twoFactor === null ? null : matchingTotpStep(this.box.open(own.twoFactor.sealedSecret), code.trim(), this.clock.now());
    const { codes, hashes } = newRecoveryCodes();
    const result = await this.own(staffId, { type: 'ConfirmTwoFactor', step, recoveryCodeHashes: hashes }, cause);
    return { recoveryCodes: codes, position: result.position };
  }

  disableTwoFactor(staffId: string, byOwner: boolean, cause: Cause): Promise<{ position: number | null }> {
    return this.own(staffId, { type: 'DisableTwoFactor', byOwner }, cause);
  }

  /** Ends one of a person's sessions (listed on their stream); an unknown one is not found. */
  async endSession(staffId: string, sessionId: string, cause: Cause): Promise<void> {
    const own = await this.directory.own(staffId);
    const session = own.sessions.find((s) => s.id === sessionId);
    if (session === undefined) throw StaffErrors.sessionNotFound();
    await this.sessions.end({ jti: session.id, exp: Date.parse(session.expiresAt) / 1000 }, cause);
  }

  private secondFactor(person: StaffPerson, code: string | undefined): SignIn['secondFactor'] {
    const twoFactor = person.own.twoFactor;
    if (code === undefined || code.trim() === '' || twoFactor === null || !twoFactor.enabled) return { kind: 'none' };
    if (looksLikeRecoveryCode(code)) return { kind: 'recovery', codeHash: recoveryCodeHash(code) };
    return { kind: 'totp', step: matchingTotpStep(this.box.open(twoFactor.sealedSecret), code.trim(), this.clock.now()) };
  }

  private async passwordMatches(person: StaffPerson, password: string): Promise<boolean> {
    if (person.member.id === FIRST_OWNER_ID) return this.credentials.matches(password);
    const reset = person.own.password;
    const hash = reset !== null && reset.generation === person.member.generation ? reset.hash : person.member.joinedPasswordHash;
    return hash !== null && verifyPassword(password, parseScryptHash(hash));
  }

  private actorOf(person: StaffPerson): { id: string; name: string; role: StaffRole } {
    return { id: person.member.id, name: person.member.name, role: person.member.role };
  }

  private async roster(command: StaffRosterCommand, cause: Cause): Promise<{ position: number | null }> {
    const result = await this.pipeline.run({ streamName: STAFF_ROSTER_STREAM, decider: staffRosterDecider, command, cause });
    return { position: result.position };
  }

  private async own(staffId: string, command: StaffMemberCommand, cause: Cause): Promise<{ position: number | null }> {
    const result = await this.pipeline.run({ streamName: staffStream(staffId), decider: staffMemberDecider, command, cause });
    return { position: result.position };
  }

  private publicUrl(): string {
    return this.config.shop.publicUrl.replace(/\/+$/, '');
  }
}

function articleFor(role: StaffRole): string {
  return role === 'owner' ? 'an' : 'a';
}
