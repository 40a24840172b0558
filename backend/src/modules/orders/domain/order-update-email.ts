import type { EmailMessage } from '../../notifications';
import type { OrderCustomer, OrderStatus } from './order.events';
import {
  DISPATCH_DAYS_SHORT,
  PROCESSING_TIME,
  RECEIVER_MIN_AGE,
  auspostTrackingUrl,
  formatCents,
  orderStatusLabel,
  COLLECTION_REMINDER,
  pickupWhen,
  type Fulfilment,
} from '@brewery/shop-rules';

/**
 * One e-mail per change, keyed by the order stream's revision after the change: the same change always
 * maps to the same key (so it is sent once, whoever queues it), and a later change gets a new one.
 */
export function orderUpdateEmailKey(orderId: string, revision: number): string {
  return `order-${orderId}-update-${revision}`;
}

export interface OrderUpdate {
  orderId: string;
  customer: Pick<OrderCustomer, 'name' | 'email'>;
  status: OrderStatus;
  trackingReference: string | null;
  /** For a paid order cancelled: what is refunded, or why the payment was kept. */
  paidCancellation?: { refundCents: number; keptReason: string | null } | null;
  /** Posted (absent: delivery) or collected at the cellar door. */
  fulfilment?: Fulfilment;
}

/** The shop as its letters sign and place it: its name, e-mail address and (for pickups) the cellar door's address. */
export interface LetterShop {
  brandName: string;
  email: string;
  address?: string;
}

/** What a status tells a customer who collects at the cellar door, where it differs from a delivery's. */
function pickupNews(
  status: Exclude<OrderStatus, 'cancelled'>,
  id: string,
  when: string,
  address: string,
): { subject: string; news: string } | null {
  switch (status) {
    case 'paid':
      return {
        subject: `Order #${id}: payment received`,
        news: `We have your payment for order #${id}. Collect it from the cellar door, ${address}, on ${when}; we will e-mail you when it is ready.`,
      };
    case 'packed_awaiting_pickup':
      return {
        subject: `Order #${id} is ready to collect`,
        news: `Your order #${id} is packed and ready to collect from the cellar door, ${address}, on ${when}.`,
      };
    case 'delivered':
      return {
        subject: `Order #${id} has been collected`,
        news: `Your order #${id} has been collected from the cellar door. We hope you enjoy it; if anything is wrong with it, just reply to this e-mail.`,
      };
    default:
      return null;
  }
}

/** What a cancellation says about the money, in the customer's words. */
function cancellationMoney(update: OrderUpdate): string {
  const paid = update.paidCancellation ?? null;
  if (paid === null) return 'No payment was taken for it.';
  if (paid.keptReason !== null) return 'We will be in touch about your payment.';
  if (paid.refundCents <= 0) return 'Your payment had already been refunded.';
  return `We are refunding ${formatCents(paid.refundCents)} to the card you paid with; it can take 5 to 10 business days to show.`;
}

/** The body of a message to the customer, as text lines and the same as HTML paragraphs. */
interface Body {
  text: string[];
  html: string[];
}

/** The letter around a body: the greeting, where to ask, the brand. */
function letter(update: OrderUpdate, shop: LetterShop, subject: string, body: Body): EmailMessage {
  const text = [`Hi ${update.customer.name},`, '', ...body.text, `Questions? Write to us at ${shop.email}.`, '', shop.brandName].join('\n');
  const html = [
    `<p>Hi ${escapeHtml(update.customer.name)},</p>`,
    ...body.html,
    `<p>Questions? Write to us at <a href="mailto:${escapeHtml(shop.email)}">${escapeHtml(shop.email)}</a>.</p>`,
    `<p>${escapeHtml(shop.brandName)}</p>`,
  ].join('\n');
  return { to: update.customer.email, subject, text, html, kind: 'order-status', orderId: update.orderId };
}

/** A cancellation: what became of the money, and nothing about tracking or delivery. */
function cancellationEmail(update: OrderUpdate, shop: LetterShop): EmailMessage {
  const money = cancellationMoney(update);
  return letter(update, shop, `Order #${update.orderId} cancelled`, {
    text: [`Your order #${update.orderId} has been cancelled.`, money, ''],
    html: [`<p>Your order #${escapeHtml(update.orderId)} has been <strong>cancelled</strong>.</p>`, `<p>${escapeHtml(money)}</p>`],
  });
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** What each status tells the customer: the subject, and the news in one sentence (cancelled has its own letter). */
const NEWS: Readonly<Record<Exclude<OrderStatus, 'cancelled'>, { subject: (id: string) => string; news: (id: string) => string }>> = {
  pending: {
    subject: (id) => `Order #${id} is waiting for payment`,
    news: (id) => `Your order #${id} is waiting for payment: nothing has been charged yet.`,
  },
  paid: {
    subject: (id) => `Order #${id}: payment received`,
    news: (id) =>
      `We have your payment for order #${id}. We pack orders within ${PROCESSING_TIME} and send them out ${DISPATCH_DAYS_SHORT}.`,
  },
  packed_awaiting_pickup: {
    subject: (id) => `Order #${id} is packed`,
    news: (id) => `Your order #${id} is packed and waiting for the carrier to collect it from the brewery.`,
  },
  shipped: {
    subject: (id) => `Order #${id} is on its way`,
    news: (id) => `Your order #${id} has left the brewery and is on its way to you.`,
  },
  delivered: {
    subject: (id) => `Order #${id} has been delivered`,
    news: (id) => `Your order #${id} has been delivered. We hope you enjoy it; if anything is wrong with it, just reply to this e-mail.`,
  },
};

/**
 * 'Updating status and tracking emails the customer' (spec section 4): what the change means for the customer
 * in words that fit the status, the status's name as the shop shows it, and the tracking reference with its link.
 */
export function orderUpdateEmail(update: OrderUpdate, shop: LetterShop): EmailMessage {
  if (update.status === 'cancelled') return cancellationEmail(update, shop);
  const pickup = update.fulfilment?.method === 'pickup' ? update.fulfilment : null;
  const collecting = pickup === null ? null : pickupNews(update.status, update.orderId, pickupWhen(pickup.pickupDate), shop.address ?? '');
  const { subject, news } = collecting ?? {
    subject: NEWS[update.status].subject(update.orderId),
    news: NEWS[update.status].news(update.orderId),
  };
  const status = orderStatusLabel(update.status);
  const reference = update.trackingReference;
  const link = reference === null ? null : auspostTrackingUrl(reference);
  const stillToCome = update.status !== 'delivered';
  const reminder = pickup === null ? `Someone ${RECEIVER_MIN_AGE} or older must be present to receive the delivery.` : COLLECTION_REMINDER;
  return letter(update, shop, subject, {
    text: [
      news,
      `Status: ${status}.`,
      ...(reference === null || link === null
        ? []
        : [`Tracking reference: ${reference}`, `Track your parcel with Australia Post: ${link}`]),
      '',
      ...(stillToCome ? [reminder, ''] : []),
    ],
    html: [
      `<p>${escapeHtml(news)}</p>`,
      `<p>Status: <strong>${escapeHtml(status)}</strong>.</p>`,
      ...(reference === null || link === null
        ? []
        : [
            `<p>Tracking reference: ${escapeHtml(reference)}<br><a href="${escapeHtml(link)}">Track your parcel with Australia Post</a></p>`,
          ]),
      ...(stillToCome ? [`<p>${escapeHtml(reminder)}</p>`] : []),
    ],
  });
}
