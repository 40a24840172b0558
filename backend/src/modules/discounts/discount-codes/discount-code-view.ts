import {
  decimalString,
  describeDiscount,
  formatCents,
  type DiscountCodeHistoryEntry,
  type EventActor,
  type DiscountCodeView,
} from '@brewery/shop-rules';
import type { RecordedEvent } from '@brewery/eventstore';
import type { DiscountCodeDoc } from './discount-codes.projection';
import type { DiscountCodeDefinition, DiscountCodeEvent } from '../domain/discount-code.events';
import type { DefinedCode } from '../domain/discount-code.decider';

/** What the admin sees of a code, from its read-model document or from its stream's state. */
export interface DiscountCodeFigures extends DiscountCodeDefinition {
  createdAt: string;
  createdBy: EventActor;
  disabledAt: string | null;
  held: number;
  paid: number;
  revenueCents: number;
  discountGivenCents: number;
  /** Given back on the paid orders with the code. */
  refundedCents: number;
}

export function figuresOfDoc(doc: DiscountCodeDoc): DiscountCodeFigures {
  const { _id: _key, revision: _revision, heldOrders, paidOrders, refundedCents: byOrder, refundIds: _refundIds, ...rest } = doc;
  const refundedCents = paidOrders.reduce((sum, orderId) => sum + (byOrder?.[orderId] ?? 0), 0);
  return { ...rest, held: heldOrders.length, paid: paidOrders.length, refundedCents };
}

/** The same figures from the code's stream as a command left it (an answer before the read model has it). */
export function figuresOfState(state: DefinedCode, createdBy: EventActor, refundedCents = 0): DiscountCodeFigures {
  const redeemed = Object.values(state.redeemed);
  return {
    ...state.definition,
    createdAt: state.createdAt,
    createdBy,
    disabledAt: state.disabledAt,
    held: Object.keys(state.held).length,
    paid: redeemed.length,
    revenueCents: redeemed.reduce((sum, use) => sum + use.totalCents, 0),
    discountGivenCents: redeemed.reduce((sum, use) => sum + use.discountCents, 0),
    refundedCents,
  };
}

/** A code as the admin list shows it. */
export function discountCodeView(doc: DiscountCodeFigures): DiscountCodeView {
  const offer = doc.offer;
  return {
    code: doc.code,
    kind: offer.kind,
    value: offer.kind === 'percent' ? offer.percent : offer.kind === 'amount' ? decimalString(offer.amountCents) : null,
    description: describeDiscount(offer),
    minCans: doc.minCans,
    maxUses: doc.maxUses,
    onePerCustomer: doc.onePerCustomer,
    startsAt: doc.startsAt,
    endsAt: doc.endsAt,
    productIds: doc.productIds,
    disabled: doc.disabledAt !== null,
    disabledAt: doc.disabledAt,
    createdAt: doc.createdAt,
    createdBy: doc.createdBy,
    uses: { held: doc.held, paid: doc.paid },
    revenue: decimalString(doc.revenueCents - doc.refundedCents),
    refunded: decimalString(doc.refundedCents),
    discountGiven: decimalString(doc.discountGivenCents),
  };
}

/** "1 can", "16 cans". */
function counted(n: number, thing: string): string {
  return `${n} ${thing}${n === 1 ? '' : 's'}`;
}

/** A sentence for one event of a code's stream, as its history and the staff activity say it. */
export function describeDiscountCodeEvent(event: Pick<RecordedEvent, 'type' | 'data'>): string {
  return summaryOf({ type: event.type, data: event.data } as DiscountCodeEvent).summary;
}

function summaryOf(event: DiscountCodeEvent): { summary: string; orderId: string | null } {
  switch (event.type) {
    case 'DiscountCodeCreated': {
      const d = event.data;
      const limits = [
        d.minCans === null ? null : `at least ${counted(d.minCans, 'can')}`,
        d.maxUses === null ? null : counted(d.maxUses, 'use'),
        d.onePerCustomer ? 'once per customer' : null,
        d.productIds === null ? null : `only ${d.productIds.join(', ')}`,
        d.startsAt === null ? null : `from ${d.startsAt}`,
        d.endsAt === null ? null : `until ${d.endsAt}`,
      ].filter((part): part is string => part !== null);
      return {
        summary: `Created ${d.code}: ${describeDiscount(d.offer)}${limits.length === 0 ? '' : ` (${limits.join(', ')})`}`,
        orderId: null,
      };
    }
    case 'DiscountCodeDisabled':
      return { summary: 'Disabled: no new uses', orderId: null };
    case 'DiscountUseHeld': {
      const replaced = event.data.replaced.length === 0 ? '' : ` (passed on from #${event.data.replaced.join(', #')})`;
      return {
        summary: `Held by order #${event.data.orderId}: ${formatCents(event.data.discountCents)} off${replaced}`,
        orderId: event.data.orderId,
      };
    }
    case 'DiscountUseReleased':
      return {
        summary: `Given back by order #${event.data.orderId} (${event.data.reason.replaceAll('_', ' ')})`,
        orderId: event.data.orderId,
      };
    case 'DiscountUseRedeemed':
      return {
        summary: `Used by order #${event.data.orderId}: ${formatCents(event.data.discountCents)} off ${formatCents(event.data.totalCents)} paid${event.data.held ? '' : ' (paid after its hold had ended)'}`,
        orderId: event.data.orderId,
      };
  }
}

/** A code's stream as its history: each change and use, oldest first, with who made it. */
export function discountCodeHistory(recorded: readonly RecordedEvent[]): DiscountCodeHistoryEntry[] {
  return recorded.map((event) => ({
    at: event.metadata.occurredAt,
    type: event.type,
    by: event.metadata.actor,
    ...summaryOf({ type: event.type, data: event.data } as DiscountCodeEvent),
  }));
}
