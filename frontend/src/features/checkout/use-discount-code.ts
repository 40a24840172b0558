import type { CustomerInfo, DiscountCheckResponse, DiscountKind, Fulfilment } from '@brewery/shop-rules';
import { isEmailAddress, isShippingState, normaliseDiscountCode, postcodeBelongsToState, toCents } from '@brewery/shop-rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { discountCheckQueryOptions, discountRefusalText, MALFORMED_CODE_TEXT, type DiscountCheckInput } from './api/check-discount-code';
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

/**
 * The check's request: the cart; the e-mail address once it is one; the state and postcode once they make an
 * address the shop ships to (shipping is then known); a collection once its Saturday is chosen.
 */
export function discountCheckInput(code: string, details: DiscountCheckDetails): DiscountCheckInput {
  const email = details.email.trim();
  const postCode = details.postCode.trim();
  const customerInfo: Partial<CustomerInfo> = {};
  if (isEmailAddress(email)) customerInfo.email = email;
  let fulfilment: Fulfilment | undefined;
  if (details.method === 'pickup') {
    if (details.pickupDate !== null) fulfilment = { method: 'pickup', pickupDate: details.pickupDate };
  } else if (
    details.state !== null &&
    isShippingState(details.state) &&
    /^\d{4}$/.test(postCode) &&
    postcodeBelongsToState(postCode, details.state)
  ) {
    customerInfo.state = details.state;
    customerInfo.postCode = postCode;
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
  /** Cents off the order. */
  cents: number;
}

export type DiscountStatus = 'none' | 'checking' | 'applied' | 'refused';

export interface DiscountCode {
  /** What is typed in the field. */
  draft: string;
  setDraft: (text: string) => void;
  /** The code sent with the payment (in capitals), or null. */
  applied: string | null;
  status: DiscountStatus;
  /** What the field says under it: why the code is refused, or that it is being checked. */
  message: string | null;
  /** The check's answer for the summary, while the code applies. */
  result: DiscountCheckResponse | null;
  /** Apply was pressed and its answer is awaited. */
  applying: boolean;
  apply: () => void;
  remove: () => void;
  /** Opening the payment refused the code: said on the field (the code stays until removed) and checked again. */
  refusedAtPayment: (message: string) => void;
}

/**
 * The checkout's discount code: Apply checks the typed code with the server before it is applied (a refusal stays
 * on the field, the text kept to correct); an applied code is checked again whenever the cart or the details it
 * depends on change, and kept for the tab (a reload checks it again). A code refused once applied stays, its
 * reason on the field, until the customer removes it.
 */
export function useDiscountCode(details: DiscountCheckDetails, enabled: boolean): DiscountCode {
  const queryClient = useQueryClient();
  const [initial] = useState(savedDiscountCode);
  const [draft, setDraftText] = useState(initial ?? '');
  const [applied, setApplied] = useState<string | null>(initial);
  const [applying, setApplying] = useState(false);
  const [draftError, setDraftError] = useState<string | null>(null);
  const [paymentRefusal, setPaymentRefusal] = useState<{ message: string; at: number } | null>(null);
  const attempt = useRef(0);

  useEffect(() => saveDiscountCode(applied), [applied]);

  const input = discountCheckInput(applied ?? '', details);
  const check = useQuery({ ...discountCheckQueryOptions(input), enabled: enabled && applied !== null });

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

  const refetch = check.refetch;
  const refusedAtPayment = useCallback(
    (message: string) => {
      setPaymentRefusal({ message, at: Date.now() });
      void refetch();
    },
    [refetch],
  );

  if (applied === null) {
    return {
      draft,
      setDraft,
      applied,
      status: applying ? 'checking' : draftError === null ? 'none' : 'refused',
      message: applying ? DiscountTexts.checking : draftError,
      result: null,
      applying,
      apply,
      remove,
      refusedAtPayment,
    };
  }
  // The payment's refusal stands until a newer answer of the check.
  const refusedLater = paymentRefusal !== null && paymentRefusal.at >= Math.max(check.dataUpdatedAt, check.errorUpdatedAt);
  const fresh = check.isSuccess && !check.isPlaceholderData;
  const status: DiscountStatus = refusedLater || check.isError ? 'refused' : fresh ? 'applied' : 'checking';
  const message =
    status === 'refused'
      ? refusedLater && paymentRefusal !== null
        ? paymentRefusal.message
        : discountRefusalText(check.error)
      : status === 'checking'
        ? DiscountTexts.checking
        : null;
  return {
    draft,
    setDraft,
    applied,
    status,
    message,
    result: status === 'refused' ? null : (check.data ?? null),
    applying,
    apply,
    remove,
    refusedAtPayment,
  };
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

/** The summary's discount line at the payment step: the order as the server priced it (with the offer's words when known). */
export function pricedDiscountOf(
  priced: { discountCode?: string | null; discount?: string },
  result: DiscountCheckResponse | null,
): SummaryDiscount | null {
  const cents = centsOf(priced.discount);
  const code = priced.discountCode ?? null;
  if (code === null || cents === null) return null;
  const same = result !== null && result.code === code;
  return { code, kind: same ? result.kind : null, description: same ? result.description : null, cents };
}

/** The summary's discount line from the check's answer, or null while none applies. */
export function summaryDiscountOf(result: DiscountCheckResponse | null): SummaryDiscount | null {
  const cents = centsOf(result?.discount);
  if (result === null || cents === null) return null;
  return { code: result.code, kind: result.kind, description: result.description, cents };
}
