import { decimalString, perthLongDate } from '@brewery/shop-rules';
import type { EmailMessage } from '../../notifications';

/** What every club e-mail ends with: the member's own link. */
function footer(manageUrl: string, brandName: string): string {
  return `\n\nManage your membership (skip a run, pause, change your address or card, cancel):\n${manageUrl}\n\n${brandName}`;
}

export function welcomeEmail(input: {
  to: string;
  name: string;
  planName: string;
  manageUrl: string;
  shopUrl: string;
  brandName: string;
}): EmailMessage {
  return {
    to: input.to,
    kind: 'club-welcome',
    subject: `Welcome to the ${input.brandName} beer club`,
    text:
      `Hi ${input.name},\n\nYou're in: ${input.planName}. Your card is saved for the club's runs; we charge it when a run ` +
      `is made and e-mail you before anything is packed. Members also get early access to some releases: open the shop ` +
      `from this link and check out with this e-mail address:\n${input.shopUrl}${footer(input.manageUrl, input.brandName)}`,
  };
}

export function declinedEmail(input: {
  to: string;
  name: string;
  planName: string;
  amountCents: number;
  message: string;
  nextTryAt: string | null;
  manageUrl: string;
  brandName: string;
}): EmailMessage {
  const next =
    input.nextTryAt === null
      ? 'That was our last try: your pack for this run went back on sale. Update your card to stay in the club.'
      : `We'll try again on ${perthLongDate(input.nextTryAt)}. Update your card before then and we'll use the new one.`;
  return {
    to: input.to,
    kind: 'club-card-declined',
    subject: `Your club pack: your card was declined`,
    text:
      `Hi ${input.name},\n\nWe couldn't charge $${decimalString(input.amountCents)} for your ${input.planName} pack: ` +
      `${input.message}\n\n${next}${footer(input.manageUrl, input.brandName)}`,
  };
}

export function authenticationEmail(input: {
  to: string;
  name: string;
  planName: string;
  amountCents: number;
  nextTryAt: string | null;
  manageUrl: string;
  brandName: string;
}): EmailMessage {
  return {
    to: input.to,
    kind: 'club-authentication-needed',
    subject: `Your club pack: your bank wants you to confirm the payment`,
    text:
      `Hi ${input.name},\n\nYour bank asks you to confirm the $${decimalString(input.amountCents)} payment for your ` +
      `${input.planName} pack. Open your membership page and choose "Pay now" to confirm it.` +
      (input.nextTryAt === null ? '' : ` Otherwise we'll try again on ${perthLongDate(input.nextTryAt)}.`) +
      footer(input.manageUrl, input.brandName),
  };
}

export function pastDueEmail(input: { to: string; name: string; planName: string; manageUrl: string; brandName: string }): EmailMessage {
  return {
    to: input.to,
    kind: 'club-past-due',
    subject: `Your club pack could not be charged`,
    text:
      `Hi ${input.name},\n\nWe tried your card four times and couldn't charge it for your ${input.planName} pack, so the ` +
      `pack went back on sale and nothing was charged. Your membership is on hold until you save a new card.` +
      footer(input.manageUrl, input.brandName),
  };
}
