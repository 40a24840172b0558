import { SHIPPING_EMAIL_COMMANDS, type ShippingEmailCommand } from '@brewery/shop-rules';
import type { OrderStatus } from '../../orders';
import { isShippable } from './label.decider';
import { LabelErrors } from './label.errors';

export interface ShippingEmail {
  subject: string;
  body: string;
}

/** What an e-mail says, before anyone looks the order up. */
export interface ShippingEmailReading {
  /** Distinct order numbers, in order of appearance: from the fresh text, or from the quoted text when the fresh text has none. */
  orderIds: string[];
  /** The first command in the fresh text that is not negated ("don't ship order"). */
  command: ShippingEmailCommand | null;
  /** A command was there, but only in a negated form. */
  negatedCommand: ShippingEmailCommand | null;
}

export type ShippingEmailAction = 'create_label' | 'none';

export interface ShippingEmailOutcome {
  /** The order to make a label for: set only with `create_label`. */
  orderId: string | null;
  action: ShippingEmailAction;
  message: string;
}

/** The order as the shop knows it now; null when there is no such order. */
export interface OrderForLabel {
  status: OrderStatus;
  /** A payment succeeded for it. */
  paid: boolean;
  customerName: string;
  cans: number;
  /** The consignment of a label made earlier, if any. */
  consignmentNumber: string | null;
}

// "Order #12", "order 12", "Order Number: 12", "order no. 12", "Order ID 12", "order#12".
const ORDER_PHRASE = /\border\b[ \t-]*(?:(?:number|num|no|nr|id)\b\.?)?[ \t]*[:#]?[ \t]*#?[ \t]*(\d{1,9})(?!\d)/gi;
// A bare "#12" (not an HTML entity such as "&#12;").
const HASH_NUMBER = /(?<![\w&])#[ \t]?(\d{1,9})(?!\d)/g;
// Lines that start the quoted part of a reply in clients that do not prefix it with ">".
const REPLY_HEADER = [
  /^On .{3,}wrote:\s*$/i,
  /^-{2,}\s*Original Message\s*-{2,}\s*$/i,
  /^_{10,}\s*$/,
  /^-{2,}\s*Forwarded message\s*-{2,}\s*$/i,
];
// A negation just before a command, at most two words away: "don't create label", "do not ship order".
const NEGATION_BEFORE = /\b(?:don['’]?t|do\s+not|not|never)\s+(?:[\w'’]+\s+){0,2}$/i;

const COMMAND_PATTERNS: readonly { command: ShippingEmailCommand; pattern: RegExp }[] = SHIPPING_EMAIL_COMMANDS.map((command) => {
  const words = command.split(' ');
  const last = words.length - 1;
  // Tolerant of spacing ("create  label", "createlabel", "create-label") and of a plural noun ("print labels").
  const body = words.map((word, index) => (index === last && word !== 'now' ? `${word}s?` : word)).join('[\\s_-]*');
  return { command, pattern: new RegExp(`\\b${body}\\b`, 'gi') };
});

function splitFreshAndQuoted(body: string): { fresh: string[]; quoted: string[] } {
  const fresh: string[] = [];
  const quoted: string[] = [];
  let inQuotedTail = false;
  for (const line of body.replace(/\r\n?/g, '\n').split('\n')) {
    const trimmed = line.trim();
    if (!inQuotedTail && REPLY_HEADER.some((header) => header.test(trimmed))) inQuotedTail = true;
    if (inQuotedTail || trimmed.startsWith('>')) quoted.push(trimmed.replace(/^(?:>\s?)+/, ''));
    else fresh.push(line);
  }
  return { fresh, quoted };
}

function orderNumbersIn(text: string): string[] {
  const fromPhrases = [...text.matchAll(ORDER_PHRASE)].map((match) => match[1] ?? '');
  // "Order #12" is the clear form; a bare "#4" only counts when no order phrase is there ("Unit #4" in an address).
  const candidates = fromPhrases.length > 0 ? fromPhrases : [...text.matchAll(HASH_NUMBER)].map((match) => match[1] ?? '');
  const numbers = candidates.map(Number).filter((n) => Number.isInteger(n) && n >= 1);
  return [...new Set(numbers.map(String))];
}

function findCommand(text: string): { command: ShippingEmailCommand | null; negatedCommand: ShippingEmailCommand | null } {
  const found: { command: ShippingEmailCommand; index: number; negated: boolean }[] = [];
  for (const { command, pattern } of COMMAND_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const before =
        text
          .slice(0, match.index)
          .split(/[.!?\n;]/)
          .pop() ?? '';
      found.push({ command, index: match.index, negated: NEGATION_BEFORE.test(before) });
    }
  }
  found.sort((a, b) => a.index - b.index);
  return {
    command: found.find((f) => !f.negated)?.command ?? null,
    negatedCommand: found.find((f) => f.negated)?.command ?? null,
  };
}

/**
 * Reads a pasted reply: the order it is about and what it asks for. Quoted lines (">" or below a reply
 * header) are earlier messages, often the shop's own, so an order number there counts only when the fresh
 * text names none, and a command there never counts: the operator must say it in their own words.
 */
export function readShippingEmail(email: ShippingEmail): ShippingEmailReading {
  const { fresh, quoted } = splitFreshAndQuoted(email.body);
  const freshText = [email.subject, ...fresh].join('\n');
  const freshNumbers = orderNumbersIn(freshText);
  const orderIds = freshNumbers.length > 0 ? freshNumbers : orderNumbersIn(quoted.join('\n'));
  return { orderIds, ...findCommand(freshText) };
}

/** Throws the spec's 400 for blank content (the subject alone is not an e-mail). */
export function assertEmailContent(content: string | null | undefined): asserts content is string {
  if (content === null || content === undefined || content.trim() === '') throw LabelErrors.emptyEmail();
}

const COMMAND_LIST = SHIPPING_EMAIL_COMMANDS.join(', ');

/** The single order an e-mail is about, or null when it names none or several. */
export function soleOrderId(reading: ShippingEmailReading): string | null {
  return reading.orderIds.length === 1 ? (reading.orderIds[0] ?? null) : null;
}

/** What the Shipping tab shows after parsing: whether to offer "Create Label for Order #N", and why not. */
export function shippingEmailOutcome(reading: ShippingEmailReading, order: OrderForLabel | null): ShippingEmailOutcome {
  // No order id unless a label can be made: the Shipping tab offers "Create Label for Order #N" for any id it gets.
  const none = (message: string): ShippingEmailOutcome => ({ orderId: null, action: 'none', message });
  const commandMissing = reading.command === null;
  if (reading.orderIds.length > 1) {
    return none(
      `More than one order number found (${reading.orderIds.map((id) => `#${id}`).join(', ')}). Reply about one order at a time.`,
    );
  }
  const orderId = soleOrderId(reading);
  if (orderId === null) {
    return none(
      commandMissing
        ? `No order number and no shipping command found. Write the order as 'Order #12' and one of: ${COMMAND_LIST}.`
        : `Found '${reading.command}' but no order number. Write the order as 'Order #12'.`,
    );
  }
  if (reading.command === null) {
    if (reading.negatedCommand !== null) return none(`Order #${orderId} found, but the e-mail says not to '${reading.negatedCommand}'.`);
    return none(`Order #${orderId} found, but no shipping command. Use one of: ${COMMAND_LIST}.`);
  }
  if (order === null) return none(`Order #${orderId} not found`);
  if (!order.paid) return none(LabelErrors.notPaid(orderId).message);
  if (!isShippable(order.status)) return none(LabelErrors.notShippable(orderId, order.status).message);
  const cans = `${order.cans} can${order.cans === 1 ? '' : 's'}`;
  if (order.consignmentNumber !== null) {
    return {
      orderId,
      action: 'create_label',
      message: `Order #${orderId} already has a shipping label (consignment ${order.consignmentNumber}); creating it again returns the same consignment.`,
    };
  }
  return {
    orderId,
    action: 'create_label',
    message: `Order #${orderId} found with '${reading.command}': ready to create a shipping label for ${order.customerName} (${cans}).`,
  };
}
