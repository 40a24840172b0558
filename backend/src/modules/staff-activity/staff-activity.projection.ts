import { Injectable } from '@nestjs/common';
import type { Doc, DocumentStore, RecordedEvent, Sort } from '@brewery/eventstore';
import type { StaffActivityEntry } from '@brewery/shop-rules';
import type { Projection } from '../../platform/projections/projection';
import { describeEvent } from '../order-history';
import { describeProductEvent } from '../product-history';
import { describeDiscountCodeEvent } from '../discounts';

export const STAFF_ACTIVITY = 'staff-activity';

/** One event a person of the staff caused, as the list shows it, keyed by its global position. */
export interface StaffActivityDoc extends Doc, StaffActivityEntry {
  _id: string;
}

type Data = Record<string, unknown>;

const STAFF_SUMMARIES: Readonly<Record<string, (d: Data) => string>> = {
  StaffOwnerEstablished: (d) => `Owner account set up (${String(d.email)})`,
  StaffEmailChanged: (d) => `Owner e-mail changed to ${String(d.email)}`,
  StaffInvited: (d) => `Invited ${String(d.name)} (${String(d.email)}) as ${String(d.role)}`,
  StaffJoined: () => 'Accepted the invitation and set a password',
  StaffRoleChanged: (d) => `Changed a role from ${String(d.from)} to ${String(d.role)}`,
  StaffDeactivated: () => 'Deactivated a person',
  TwoFactorRequirementChanged: (d) =>
    d.required === true ? 'Required two-factor codes of owners and managers' : 'Stopped requiring two-factor codes',
  StaffSignedIn: () => 'Signed in',
  PasswordResetRequested: () => 'Asked for a password reset link',
  StaffPasswordChanged: () => 'Set a new password',
  TwoFactorEnrolmentStarted: () => 'Started setting up two-factor codes',
  TwoFactorEnabled: () => 'Turned two-factor codes on',
  TwoFactorDisabled: (d) => (d.byOwner === true ? 'Turned off two-factor codes (by an owner)' : 'Turned two-factor codes off'),
  AdminSessionEnded: () => 'Ended a session',
  ClubPlanCreated: (d) => `Created the club plan ${String(d.name)} (${String(d.cans)} cans every ${String(d.every)})`,
  ClubRunCreated: (d) =>
    `Created a ${String(d.planName)} club run for ${Array.isArray(d.members) ? d.members.length : 0} members, charged ${String(d.chargeAt)}`,
  ClubRunHeld: () => 'Held the club run’s cans for its members',
  ClubRunWithdrawn: (d) => `Club run withdrawn: ${String(d.reason)}`,
  ClubRunJoined: () => 'Put a member in a club run (their cans held)',
};

/** A sentence for what the event did, in the words of the history it belongs to. */
export function describeActivity(event: Pick<RecordedEvent, 'type' | 'data' | 'streamName' | 'metadata'>): string {
  if (event.streamName.startsWith('product-')) return describeProductEvent(event);
  if (event.streamName.startsWith('discount-code-')) return describeDiscountCodeEvent(event);
  const staff = STAFF_SUMMARIES[event.type];
  if (staff !== undefined) return staff((event.data ?? {}) as Data);
  return describeEvent(event);
}

function idAfter(stream: string, prefix: string): string | null {
  return stream.startsWith(prefix) ? stream.slice(prefix.length) : null;
}

/**
 * Who did what: every event written by a signed-in person (its actor is `{ id, name, role }`), newest first, built
 * from the log like every read model and rebuilt with them. Events of the shared admin password from before
 * staff accounts name no person and are not listed.
 */
@Injectable()
export class StaffActivityProjection implements Projection {
  readonly name = 'staff-activity';
  readonly collections = [STAFF_ACTIVITY];
  readonly eventTypes = 'all' as const;
  readonly indexes: Readonly<Record<string, readonly Sort[]>> = { [STAFF_ACTIVITY]: [{ position: -1 }, { staffId: 1, position: -1 }] };

  async apply(recorded: RecordedEvent, store: DocumentStore): Promise<void> {
    const actor = recorded.metadata.actor;
    if (typeof actor !== 'object') return;
    // Keyed by position: the same event delivered again writes the same document.
    await store.collection<StaffActivityDoc>(STAFF_ACTIVITY).replaceOne({
      _id: String(recorded.globalPosition),
      position: recorded.globalPosition,
      at: recorded.metadata.occurredAt,
      staffId: actor.id,
      name: actor.name,
      role: actor.role,
      type: recorded.type,
      summary: describeActivity(recorded),
      stream: recorded.streamName,
      orderId: idAfter(recorded.streamName, 'order-'),
      productId: idAfter(recorded.streamName, 'product-'),
    });
  }
}
