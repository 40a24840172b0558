import type { EmailMessage } from '../../notifications';

/** One e-mail per address told: keyed by the list's stream and the revision of its `BackInStockTold`. */
export function backInStockEmailKey(productId: string, revision: number): string {
  return `back-in-stock-${productId}-${revision}`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * "Hazy IPA is back": the beer's page, and a link that takes the address off every back-in-stock list, no login.
 * `released`: the beer has just been released rather than restocked.
 */
export function backInStockEmail(input: {
  to: string;
  beer: string;
  beerUrl: string;
  unsubscribeUrl: string;
  released: boolean;
  shop: { brandName: string; email: string };
}): EmailMessage {
  const { to, beer, beerUrl, unsubscribeUrl, released, shop } = input;
  const subject = released ? `${beer} is out now` : `${beer} is back in stock`;
  const news = released
    ? `${beer} has just been released, and you asked us to tell you.`
    : `${beer} is back in stock, and you asked us to tell you.`;
  const text = [
    'Hi,',
    '',
    news,
    `Get yours before it goes again: ${beerUrl}`,
    '',
    'We only tell you once: this address is now off the list for this beer.',
    `Stop all back-in-stock e-mails to this address: ${unsubscribeUrl}`,
    '',
    shop.brandName,
  ].join('\n');
  const html = [
    '<p>Hi,</p>',
    `<p>${escapeHtml(news)}</p>`,
    `<p><a href="${escapeHtml(beerUrl)}">Get yours before it goes again</a></p>`,
    '<p>We only tell you once: this address is now off the list for this beer.</p>',
    `<p><a href="${escapeHtml(unsubscribeUrl)}">Stop all back-in-stock e-mails to this address</a></p>`,
    `<p>${escapeHtml(shop.brandName)}</p>`,
  ].join('\n');
  return { to, subject, text, html, kind: 'back-in-stock' };
}

/** One confirmation e-mail per sign-up or re-send: keyed by the list's stream and the revision that asked for it. */
export function backInStockConfirmEmailKey(productId: string, revision: number): string {
  return `back-in-stock-confirm-${productId}-${revision}`;
}

/**
 * "Please confirm": the link that puts the address on the beer's list. Nothing more is sent to the address unless
 * it is used; it works for `hours` hours.
 */
export function backInStockConfirmEmail(input: {
  to: string;
  beer: string;
  confirmUrl: string;
  hours: number;
  shop: { brandName: string; email: string };
}): EmailMessage {
  const { to, beer, confirmUrl, hours, shop } = input;
  const subject = `Please confirm: e-mail me when ${beer} is on sale`;
  const asked = `Someone, we hope you, asked us to e-mail this address when ${beer} is on sale.`;
  const ignore = `The link works for ${hours} hours. If it wasn't you, ignore this e-mail: this address is not added to any list unless Confirm is pressed on the page the link opens.`;
  const text = ['Hi,', '', asked, `Confirm it's you and we'll tell you once: ${confirmUrl}`, '', ignore, '', shop.brandName].join('\n');
  const html = [
    '<p>Hi,</p>',
    `<p>${escapeHtml(asked)}</p>`,
    `<p><a href="${escapeHtml(confirmUrl)}">Confirm it's you and we'll tell you once</a></p>`,
    `<p>${escapeHtml(ignore)}</p>`,
    `<p>${escapeHtml(shop.brandName)}</p>`,
  ].join('\n');
  return { to, subject, text, html, kind: 'back-in-stock-confirm' };
}
