import {
  DISPATCH_DAYS_SHORT,
  PROCESSING_TIME,
  RECEIVER_MIN_AGE,
  formatCents,
  packSizeLabel,
  paymentReference,
  perthLongDate,
  COLLECTION_REMINDER,
  pickupLine,
  fulfilmentOf,
  discountAmountText,
  discountLabel,
} from '@brewery/shop-rules';
import type { EmailMessage } from '../../notifications';
import { type OrderItem, type OrderPlacedData } from './order.events';

export interface ShopIdentity {
  brandName: string;
  abn: string;
  email: string;
  address: string;
}

export function confirmationEmailKey(orderId: string): string {
  return `order-${orderId}-confirmation`;
}

const money = formatCents;

function itemText(item: OrderItem): string {
  const what =
    item.packSize === 'single'
      ? `${item.quantity} x ${item.productName} (single can)`
      : `${item.packs} x ${item.productName} (${packSizeLabel(item.packSize)}, ${item.quantity} cans)`;
  return `${what} @ ${money(item.unitPriceCents)} = ${money(item.lineTotalCents)}`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The confirmation is the customer's tax invoice (prices include GST, so it states the GST included and
 * the seller's ABN). Plain text first; the HTML part says the same in a table.
 */
/** Where the customer finds the order again, and the payment it was paid with. */
export interface OrderLinks {
  /** The order's status page, by its signed link (no typing). */
  statusUrl: string;
  paymentIntentId: string;
}

export function orderConfirmationEmail(order: OrderPlacedData, invoiceNumber: string, shop: ShopIdentity, links: OrderLinks): EmailMessage {
  const { customer } = order;
  const fulfilment = fulfilmentOf(order);
  const collect = fulfilment.method === 'pickup' ? pickupLine(fulfilment.pickupDate, shop.address) : null;
  const address = [customer.addressLine1, customer.addressLine2, `${customer.suburb} ${customer.state} ${customer.postCode}`].filter(
    (line): line is string => line !== null && line !== '',
  );
  // The day as the customer lives it, in the PDF invoice's words: Perth's calendar, not UTC's.
  const date = perthLongDate(order.placedAt);
  // The code's line, between the shipping and the total: subtotal + shipping - discount = total.
  const discount = order.discount === undefined ? null : `${discountLabel(order.discount)}: ${discountAmountText(order.discount.cents)}`;
  const text = [
    `Thank you for your order, ${customer.name}!`,
    '',
    'TAX INVOICE',
    `${shop.brandName}, ABN ${shop.abn}`,
    shop.address,
    '',
    `Order #${order.orderId}`,
    `Invoice number: ${invoiceNumber}`,
    `Date: ${date}`,
    `Payment reference: ${paymentReference(links.paymentIntentId)}`,
    '',
    'Items:',
    ...order.items.map((item) => `  ${itemText(item)}`),
    '',
    `Subtotal: ${money(order.subtotalCents)}`,
    collect === null ? `Shipping${order.isPerthMetro ? ' (Perth Metro)' : ''}: ${money(order.shippingCents)}` : `Collection: ${money(0)}`,
    ...(discount === null ? [] : [discount]),
    `Total: ${money(order.totalCents)}`,
    `GST included ${money(order.gstCents)}`,
    '',
    ...(collect === null
      ? [
          'Shipping to:',
          `  ${customer.name}`,
          ...address.map((line) => `  ${line}`),
          '',
          `Estimated delivery: ${order.estimatedDelivery}`,
          `Dispatched ${DISPATCH_DAYS_SHORT} from our Perth brewery; orders are processed within ${PROCESSING_TIME}.`,
          `Someone ${RECEIVER_MIN_AGE} or older must be present to receive the delivery.`,
        ]
      : [`${collect}.`, 'We will e-mail you when it is ready to collect.', COLLECTION_REMINDER]),
    '',
    `Your order's status, tracking and this invoice as PDF: ${links.statusUrl}`,
    '',
    `Questions? Write to ${shop.email}.`,
  ].join('\n');

  const rows = order.items
    .map(
      (item) =>
        `<tr><td>${escapeHtml(item.productName)}</td><td>${item.packSize === 'single' ? `${item.quantity} single cans` : `${item.packs} x ${packSizeLabel(item.packSize)} (${item.quantity} cans)`}</td><td>${money(item.unitPriceCents)}</td><td>${money(item.lineTotalCents)}</td></tr>`,
    )
    .join('');
  const html = [
    `<h1>Tax invoice ${escapeHtml(invoiceNumber)}</h1>`,
    `<p>${escapeHtml(shop.brandName)}, ABN ${escapeHtml(shop.abn)}<br>${escapeHtml(shop.address)}</p>`,
    `<p>Thank you for your order, ${escapeHtml(customer.name)}! Order #${escapeHtml(order.orderId)}, ${escapeHtml(date)}. Payment reference: ${escapeHtml(paymentReference(links.paymentIntentId))}.</p>`,
    `<table><thead><tr><th>Beer</th><th>Quantity</th><th>Unit price</th><th>Line total</th></tr></thead><tbody>${rows}</tbody></table>`,
    `<p>Subtotal: ${money(order.subtotalCents)}<br>${collect === null ? `Shipping${order.isPerthMetro ? ' (Perth Metro)' : ''}: ${money(order.shippingCents)}` : `Collection: ${money(0)}`}<br>${discount === null ? '' : `${escapeHtml(discount)}<br>`}<strong>Total: ${money(order.totalCents)}</strong><br>GST included ${money(order.gstCents)}</p>`,
    ...(collect === null
      ? [
          `<p>Shipping to:<br>${[customer.name, ...address].map(escapeHtml).join('<br>')}</p>`,
          `<p>Estimated delivery: ${escapeHtml(order.estimatedDelivery)}. Dispatched ${DISPATCH_DAYS_SHORT} from our Perth brewery. Someone ${RECEIVER_MIN_AGE} or older must be present to receive the delivery.</p>`,
        ]
      : [
          `<p><strong>${escapeHtml(collect)}.</strong> We will e-mail you when it is ready to collect. ${escapeHtml(COLLECTION_REMINDER)}</p>`,
        ]),
    `<p><a href="${escapeHtml(links.statusUrl)}">See your order's status, tracking and tax invoice</a></p>`,
    `<p>Questions? Write to <a href="mailto:${escapeHtml(shop.email)}">${escapeHtml(shop.email)}</a>.</p>`,
  ].join('\n');

  return {
    to: customer.email,
    subject: `Your ${shop.brandName} order #${order.orderId}: tax invoice ${invoiceNumber}`,
    text,
    html,
    kind: 'order-confirmation',
    orderId: order.orderId,
  };
}
