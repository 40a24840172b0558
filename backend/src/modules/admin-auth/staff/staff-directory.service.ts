import { Inject, Injectable } from '@nestjs/common';
import type { StaffRole } from '@brewery/shop-rules';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import {
  memberByEmail,
  memberById,
  STAFF_ROSTER_STREAM,
  staffRosterDecider,
  type RosterMember,
  type StaffRosterState,
} from '../domain/staff-roster.decider';
import { staffMemberDecider, staffStream, type StaffMemberState } from '../domain/staff-member.decider';
import { CLOCK, type Clock } from '../../../platform/clock';
import { AdminSessions } from '../session-end/admin-sessions.service';
import type { StaffSession } from '@brewery/shop-rules';

/** A person as the roster and their own stream know them, together. */
export interface StaffPerson {
  member: RosterMember;
  own: StaffMemberState;
  /** Whether the owner requires two-factor codes of this person's role. */
  twoFactorRequired: boolean;
}

/** Owners and managers are the roles the owner's two-factor requirement covers. */
export function roleNeedsTwoFactor(role: StaffRole, required: boolean): boolean {
  return required && (role === 'owner' || role === 'manager');
}

/**
 * Reads people from their streams as they are now (the folded states the command pipeline keeps), so a role
 * changed or a person deactivated counts on the very next request, in every process.
 */
@Injectable()
export class StaffDirectory {
  constructor(
    @Inject(CommandPipeline) private readonly pipeline: CommandPipeline,
    private readonly sessions: AdminSessions,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** A person's sessions that still work (unexpired, not ended), newest first; `current`: the asking request's. */
  async liveSessions(staffId: string, currentSessionId: string | null): Promise<StaffSession[]> {
    const now = this.clock.now().getTime();
    const own = await this.own(staffId);
    const live = [];
    for (const session of own.sessions) {
      if (Date.parse(session.expiresAt) <= now || (await this.sessions.hasEnded(session.id))) continue;
      live.push({
        id: session.id,
        signedInAt: session.signedInAt,
        expiresAt: session.expiresAt,
        client: session.client,
        current: session.id === currentSessionId,
      });
    }
    return live;
  }

  async roster(): Promise<StaffRosterState> {
    return (await this.pipeline.load(STAFF_ROSTER_STREAM, staffRosterDecider)).state;
  }

  async own(staffId: string): Promise<StaffMemberState> {
    return (await this.pipeline.load(staffStream(staffId), staffMemberDecider)).state;
  }

  async person(staffId: string): Promise<StaffPerson | null> {
    const roster = await this.roster();
    const member = memberById(roster, staffId);
    if (member === undefined) return null;
    return { member, own: await this.own(staffId), twoFactorRequired: roleNeedsTwoFactor(member.role, roster.twoFactorRequired) };
  }

  async personByEmail(email: string): Promise<StaffPerson | null> {
    const roster = await this.roster();
    const member = memberByEmail(roster, email);
    if (member === undefined) return null;
    return { member, own: await this.own(member.id), twoFactorRequired: roleNeedsTwoFactor(member.role, roster.twoFactorRequired) };
  }
}
