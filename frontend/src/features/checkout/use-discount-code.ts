import type { CustomerInfo, DiscountCheckResponse, DiscountKind, Fulfilment } from '@brewery/shop-rules';
import { isEmailAddress, isShippingState, normaliseDiscountCode, postcodeBelongsToState, toCents } from '@brewery/shop-rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  discountCheckQueryOptions,
  discountRefusalText,
  isDiscountRefusal,
  MALFORMED_CODE_TEXT,
  type DiscountCheckInput,
} from './api/check-discount-code';
import type { CheckoutCartItem } from './api/create-payment-intent';
import { saveDiscountCode, savedDiscountCode } from './saved-checkout';

export const DiscountTexts = {
  toggle: 'Have a code?',
  label: 'Discount code',
  apply: 'Apply',
  remove: 'Remove',
  checking: 'Checking the code…',
  enterCode: 'Please enter your code.',
  applied: (code: string, description: string) => `${code} applied: ${description}.`,
  /** An applied code whose check again failed for a passing reason (too many tries, no connection). */
  checkLater: 'The code could not be checked just now. It will be checked at payment.',
  /** The summary's line: "Discount (CLUB10 · 10% off)". */
  summaryLabel: (code: string, description: string | null) => `Discount (${code}${description === null ? '' : `, ${description}`})`,
} as const;

/** What the customer has told the checkout so far, as far as a code's check needs it. */
export interface DiscountCheckDetails {
  cartItems: CheckoutCartItem[];
  method: 'delivery' | 'pickup';
  pickupDate: string | null;
  email: string;
  state: string | null;
  postCode: string;
}

/** The state and postcode when they make an address the shop ships to (they agree), or null. */
function wholeAddress(state: string | null, postCode: string): { state: string; postCode: string } | null {
  const code = postCode.trim();
  return state !== null && isShippingState(state) && /^\d{4}$/.test(code) && postcodeBelongsToState(code, state)
    ? { state, postCode: code }
    : null;
}

/**
 * The check's request: the cart; the e-mail address once it is one; the state and postcode once they make an
 * address the shop ships to (shipping is then known); a collection once its Saturday is chosen.
 */
export function discountCheckInput(code: string, details: DiscountCheckDetails): DiscountCheckInput {
  const email = details.email.trim();
  const customerInfo: Partial<CustomerInfo> = {};
  if (isEmailAddress(email)) customerInfo.email = email;
  let fulfilment: Fulfilment | undefined;
  if (details.method === 'pickup') {
    if (details.pickupDate !== null) fulfilment = { method: 'pickup', pickupDate: details.pickupDate };
  } else {
    const address = wholeAddress(details.state, details.postCode);
    if (address !== null) Object.assign(customerInfo, address);
  }
  return {
    code,
    cartItems: details.cartItems,
    ...(Object.keys(customerInfo).length > 0 ? { customerInfo } : {}),
    ...(fulfilment === undefined ? {} : { fulfilment }),
  };
}

/** How long the e-mail address rests before a code is checked again for it (not at every key). */
export const EMAIL_SETTLE_MS = 600;

/** The value once it has stopped changing for `ms`; the first value at once. */
export function useSettledValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(value, settled)) return;
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, settled, ms]);
  return settled;
}

/** The discount line of the order summary. */
export interface SummaryDiscount {
  code: string;
  kind: DiscountKind | null;
  /** The offer in words ("10% off"), when known. */
  description: string | null;
  /** Cents off the order; null for free shipping before the shop has priced the order: the shipping, whatever it is. */
  cents: number | null;
}

/**
 * `applied`: the shop said what the code takes off; `unchecked`: an applied code could not be checked again just
 * now (too many tries, no connection): it stays, and the payment checks it.
 */
export type DiscountStatus = 'none' | 'checking' | 'applied' | 'unchecked' | 'refused';

/** What goes with the payment: no code, the code (in capitals), or a typed text that is not a code's shape. */
export type CodeForPayment = { kind: 'none' } | { kind: 'code'; code: string } | { kind: 'malformed'; message: string };

export interface DiscountCode {
  /** What is typed in the field. */
  draft: string;
  setDraft: (text: string) => void;
  /** The code applied (in capitals), or null. */
  applied: string | null;
  status: DiscountStatus;
  /** What the field says under it: why the code is refused, that it is being checked, or checked at payment. */
  message: string | null;
  /** The check's answer for the summary, while the code applies. */
  result: DiscountCheckResponse | null;
  /** Apply was pressed and its answer is awaited. */
  applying: boolean;
  apply: () => void;
  remove: () => void;
  /**
   * The code to send with the payment: the applied one, or else the one typed (being checked, refused, or never
   * applied), for the shop to price or refuse. A typed text that is not a code's shape is said on the field.
   */
  codeForPayment: () => CodeForPayment;
  /** The payment was opened with this code: it is the applied one from now on. */
  pricedAtPayment: (code: string) => void;
  /** Opening the payment refused the code: said on the field (the code stays until removed) and checked again. */
  refusedAtPayment: (code: string, message: string) => void;
}

/**
 * The address the code is checked with: the state and postcode once they agree; while they disagree (one is
 * being changed) the last pair that agreed, so the code is not checked again until the new address is whole.
 * Cleared (no state, no postcode): none.
 */
function useCheckedAddress(state: string | null, postCode: string): { state: string | null; postCode: string } {
  const whole = wholeAddress(state, postCode);
  const [last, setLast] = useState(whole);
  if (whole !== null && (last === null || last.state !== whole.state || last.postCode !== whole.postCode)) setLast(whole);
  if (whole !== null) return whole;
  return (state === null && postCode.trim() === '') || last === null ? { state: null, postCode: '' } : last;
}

/** The last answer the check settled on for a code: what it takes off, or null once refused. */
interface Settled {
  code: string;
  result: DiscountCheckResponse | null;
}

/**
 * The checkout's discount code: Apply checks the typed code with the server before it is applied (a refusal stays
 * on the field, the text kept to correct); an applied code is checked again whenever the cart or the details it
 * depends on change, and kept for the tab (a reload checks it again). A code refused once applied stays, its
 * reason on the field, until the customer removes it; a check that fails for a passing reason (too many tries, no
 * connection) leaves the discount as it was, for the payment to check.
 */
export function useDiscountCode(given: DiscountCheckDetails, enabled: boolean): DiscountCode {
  const queryClient = useQueryClient();
  const [initial] = useState(savedDiscountCode);
  const [draft, setDraftText] = useState(initial ?? '');
  const [applied, setApplied] = useState<string | null>(initial);
  const [applying, setApplying] = useState(false);
  const [draftError, setDraftError] = useState<string | null>(null);
  const [paymentRefusal, setPaymentRefusal] = useState<{ message: string; at: number } | null>(null);
  const [settled, setSettled] = useState<Settled | null>(null);
  const attempt = useRef(0);
  // For the payment's answers, which come back to the closure of the render that sent it.
  const appliedNow = useRef(applied);
  useEffect(() => {
    appliedNow.current = applied;
    saveDiscountCode(applied);
  }, [applied]);

  const details = { ...given, ...useCheckedAddress(given.state, given.postCode) };
  const input = discountCheckInput(applied ?? '', details);
  const check = useQuery({ ...discountCheckQueryOptions(input), enabled: enabled && applied !== null });
  const fresh = check.isSuccess && !check.isPlaceholderData;
  const refused = check.isError && isDiscountRefusal(check.error);
  // What the check last settled on; a check that failed for a passing reason settles nothing.
  if (applied !== null && (fresh || refused)) {
    const result = fresh ? check.data : null;
    if (settled?.code !== applied || settled.result !== result) setSettled({ code: applied, result });
  }
  const hasSettled = settled !== null && settled.code === applied;
  const lastResult = hasSettled ? settled.result : null;

  const setDraft = useCallback((text: string) => {
    setDraftText(text);
    setDraftError(null);
  }, []);

  const apply = () => {
    if (draft.trim() === '') {
      setDraftError(DiscountTexts.enterCode);
      return;
    }
    const code = normaliseDiscountCode(draft);
    if (code === null) {
      setDraftError(MALFORMED_CODE_TEXT);
      return;
    }
    attempt.current += 1;
    const thisAttempt = attempt.current;
    setApplying(true);
    setDraftError(null);
    setDraftText(code);
    queryClient.fetchQuery(discountCheckQueryOptions(discountCheckInput(code, details))).then(
      () => {
        if (thisAttempt !== attempt.current) return;
        setApplying(false);
        setPaymentRefusal(null);
        setApplied(code);
      },
      (error: unknown) => {
        if (thisAttempt !== attempt.current) return;
        setApplying(false);
        setDraftError(discountRefusalText(error));
      },
    );
  };

  const remove = () => {
    attempt.current += 1;
    setApplying(false);
    setApplied(null);
    setDraftText('');
    setDraftError(null);
    setPaymentRefusal(null);
  };

  const codeForPayment = (): CodeForPayment => {
    if (applied !== null) return { kind: 'code', code: applied };
    if (draft.trim() === '') return { kind: 'none' };
    const code = normaliseDiscountCode(draft);
    if (code === null) {
      setDraftError(MALFORMED_CODE_TEXT);
      return { kind: 'malformed', message: MALFORMED_CODE_TEXT };
    }
    return { kind: 'code', code };
  };

  const pricedAtPayment = useCallback((code: string) => {
    if (appliedNow.current === code) return;
    // An Apply still awaiting its answer is overtaken: the shop has priced the code with the order.
    attempt.current += 1;
    setApplying(false);
    setDraftText(code);
    setDraftError(null);
    setPaymentRefusal(null);
    setApplied(code);
  }, []);

  const refetch = check.refetch;
  const refusedAtPayment = useCallback(
    (code: string, message: string) => {
      if (appliedNow.current === code) {
        setPaymentRefusal({ message, at: Date.now() });
        void refetch();
        return;
      }
      // A typed code, never applied (or its Apply still awaited): the reason goes on the field, the text kept.
      attempt.current += 1;
      setApplying(false);
      setDraftText(code);
      setDraftError(message);
    },
    [refetch],
  );

  const common = { draft, setDraft, applied, applying, apply, remove, codeForPayment, pricedAtPayment, refusedAtPayment };
  if (applied === null) {
    return {
      ...common,
      status: applying ? 'checking' : draftError === null ? 'none' : 'refused',
      message: applying ? DiscountTexts.checking : draftError,
      result: null,
    };
  }
  // The payment's refusal stands until the check answers anew (a check that failed for a passing reason is no answer).
  const refusedLater = paymentRefusal !== null && paymentRefusal.at >= Math.max(check.dataUpdatedAt, refused ? check.errorUpdatedAt : 0);
  const status: DiscountStatus = refusedLater || refused ? 'refused' : fresh ? 'applied' : check.isError ? 'unchecked' : 'checking';
  switch (status) {
    case 'refused':
      return {
        ...common,
        status,
        message: refusedLater && paymentRefusal !== null ? paymentRefusal.message : discountRefusalText(check.error),
        result: null,
      };
    case 'applied':
      return { ...common, status, message: null, result: check.data ?? null };
    case 'unchecked':
      return { ...common, status, message: DiscountTexts.checkLater, result: lastResult };
    default:
      // While the new answer is on its way, the last one for the code stays shown.
      return { ...common, status, message: DiscountTexts.checking, result: hasSettled ? lastResult : (check.data ?? null) };
  }
}

/** A dollar figure of the server's ("4.80") in cents; null for none, or one that is not a figure. */
export function centsOf(dollars: string | null | undefined): number | null {
  if (dollars === null || dollars === undefined) return null;
  try {
    return toCents(dollars);
  } catch {
    return null;
  }
}

/**
 * The summary's discount line at the payment step: the order as the server priced it, with the offer's words it
 * answered (or the check's, for an answer without them).
 */
export function pricedDiscountOf(
  priced: { discountCode?: string | null; discount?: string; discountDescription?: string | null },
  result: DiscountCheckResponse | null,
): SummaryDiscount | null {
  const cents = centsOf(priced.discount);
  const code = priced.discountCode ?? null;
  if (code === null || cents === null) return null;
  const same = result !== null && result.code === code;
  return {
    code,
    kind: same ? result.kind : null,
    description: priced.discountDescription ?? (same ? result.description : null),
    cents,
  };
}

/**
 * The summary's discount line from the check's answer, or null while none applies. Free shipping is the
 * summary's own shipping, whatever the address (the check may not know it yet, or know the one before).
 */
export function summaryDiscountOf(result: DiscountCheckResponse | null): SummaryDiscount | null {
  const cents = centsOf(result?.discount);
  if (result === null || cents === null) return null;
  return { code: result.code, kind: result.kind, description: result.description, cents: result.kind === 'free_shipping' ? null : cents };
}
