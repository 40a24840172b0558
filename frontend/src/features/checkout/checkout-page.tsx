import type { CartLine, CustomerInfo, Fulfilment } from '@brewery/shop-rules';
import { cartTotalCans, validatePack } from '@brewery/shop-rules';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Spin } from 'antd';
import type { InputRef } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '@/shared/api/api-error';
import { useConfig } from '@/shared/api/config/get-config';
import { useClubMember, useRecheckClubMember } from '@/shared/club-member/use-club-member';
import { useToast } from '@/shared/ui/toast/use-toast';
import { toCheckoutCartItems, useCreatePaymentIntent } from './api/create-payment-intent';
import type { CheckoutOpened } from './api/create-payment-intent';
import { productAvailabilityQueryOptions } from './api/get-product-availability';
import { discountRefusalText, isDiscountRefusal } from './api/check-discount-code';
import { DiscountCodeField } from './discount-code-field';
import { EMAIL_SETTLE_MS, pricedDiscountOf, summaryDiscountOf, useDiscountCode, useSettledValue } from './use-discount-code';
import { checkCartLines } from './cart-line-check';
import { CheckoutToasts, MemberRefusals } from './checkout-messages';
import type { PaymentRedirectStatus } from './checkout-messages';
import { CustomerInfoForm } from './customer-info-form';
import { REQUIRED_FIELDS, type CheckoutDetails, type CustomerFormValues } from './customer-info-form';
import { destinationOf, orderSummaryFor, type OrderDestination } from './checkout-summary';
import { checkoutWaitFor } from './checkout-wait';
import type { CheckoutWait } from './checkout-wait';
import { CheckoutWaitNotice } from './checkout-wait-notice';
import { OrderSummaryCard } from './order-summary-card';
import { PaymentStep } from './payment-step';
import {
  announceCheckoutOpened,
  CHECKOUT_BROADCAST_KEYS,
  forgetCheckout,
  lastPaymentOfTab,
  recentlyPaidCheckout,
  rememberPaid,
  saveDetails,
  savedDetails,
  savedPayment,
  savePayment,
} from './saved-checkout';
import { getPaymentStatus, type PaymentStatus } from '@/shared/api/payment-status/get-payment-status';
import { usePaymentOutcome, type PaidIntent } from './use-payment-outcome';
import './checkout-page.css';
import { PageMeta } from '@/shared/ui/page-meta';

export interface CheckoutPageProps {
  cartLines: readonly CartLine[];
  /** The pack is not a valid size: the shop is where it can be completed. */
  onInvalidPack: () => void;
  onPaymentComplete: (payment: PaidIntent, status: PaymentRedirectStatus) => void;
  /** Absolute URL of the order result page, for payment methods that leave the site and come back. */
  returnUrl: string;
}

interface PaymentStage {
  intent: CheckoutOpened;
  customer: CustomerInfo;
  fulfilment: Fulfilment;
  /** The pack the server priced; a different pack needs a new payment. */
  cartKey: string;
}

export const CHECKING_PAYMENT_TEXT = 'Checking your payment…';
export const PAID_IN_ANOTHER_TAB = (orderId: string | null): string =>
  orderId === null ? 'Your order was placed in another tab.' : `Your order #${orderId} was placed in another tab.`;
export const CHECKOUT_ENDED_TEXT = (message: string): string => `${message} Please check your details and continue to payment again.`;
export const BUY_AGAIN_TEXT = 'Buy it again';
export const KEEP_ORDER_TEXT = 'No, keep my order';

export const PACK_CHANGED_TEXT =
  'Your pack changed after you continued to payment, so nothing was charged. Please check your order and continue to payment again.';

function cansByProduct(lines: readonly CartLine[]): Map<string, number> {
  const cans = new Map<string, number>();
  for (const line of lines) cans.set(line.productId, (cans.get(line.productId) ?? 0) + line.quantity);
  return cans;
}

function cartKeyOf(lines: readonly CartLine[]): string {
  return JSON.stringify(toCheckoutCartItems(lines));
}

/**
 * The payment whose outcome decides what the page shows: this tab's last checkout; or, when the tab kept none,
 * the checkout of this very pack that a tab of this browser paid within the half hour (a reload can land while
 * the paying page, still running, records the payment and forgets the checkout, before it moves on).
 */
function paymentToCheck(cartKey: string): PaidIntent | null {
  const last = lastPaymentOfTab();
  if (last !== null) return { id: last.intent.paymentIntentId, clientSecret: last.intent.clientSecret };
  const paid = recentlyPaidCheckout(Date.now());
  return paid !== null && paid.cartKey === cartKey ? { id: paid.paymentIntentId, clientSecret: paid.clientSecret } : null;
}

/** The fields of the customer form a refusal from the server may name. */
const CUSTOMER_FIELDS: readonly string[] = [...REQUIRED_FIELDS, 'addressLine2'];
const isCustomerField = (field: string): boolean => CUSTOMER_FIELDS.includes(field);

/**
 * Checkout in two steps: the customer's details (checked against stock, then priced and reserved by the
 * server, which opens the payment), and the card. The summary follows the address as it is typed, or the
 * Saturday chosen for a collection at the cellar door.
 */
export function CheckoutPage({ cartLines, onInvalidPack, onPaymentComplete, returnUrl }: CheckoutPageProps) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const createPaymentIntent = useCreatePaymentIntent();
  const [form] = Form.useForm<CustomerFormValues>();
  // A reload at the payment step resumes the same pending checkout (same order, same hold) until its hold ends.
  const [stage, setStage] = useState<PaymentStage | null>(() => savedPayment(cartKeyOf(cartLines), Date.now()));
  const [initialDetails] = useState(() => savedDetails(new Date()) ?? undefined);
  const { data: config } = useConfig();
  // A club member's browser: their link goes with the order, for a beer open to members before its release.
  const member = useClubMember();
  const recheckMember = useRecheckClubMember();
  const [checking, setChecking] = useState(false);
  const [wait, setWait] = useState<CheckoutWait | null>(null);
  /** What the server refused in the details, said once to screen readers (the fields show it too). */
  const [refusal, setRefusal] = useState('');
  // Each attempt's number: an answer to an attempt the customer has since stopped is dropped.
  const attempt = useRef(0);
  const outcome = usePaymentOutcome(
    useCallback(
      (payment: PaidIntent, status: PaymentRedirectStatus) => {
        const opened = lastPaymentOfTab();
        const ours = opened?.intent.paymentIntentId === payment.id ? opened : null;
        rememberPaid(payment, ours?.intent.orderId ?? null, ours?.cartKey ?? null, Date.now());
        forgetCheckout();
        onPaymentComplete(payment, status);
      },
      [onPaymentComplete],
    ),
  );
  /**
   * Before any step is shown, and again when the tab comes back into view or another tab opens or pays a
   * checkout: the server says how this tab's last payment went. Paid (or its card went through) ends on the
   * order placed, whatever the page was showing; a checkout the shop ended is said so; otherwise the step stays.
   */
  const currentCartKey = cartKeyOf(cartLines);
  const [verifying, setVerifying] = useState(() => paymentToCheck(currentCartKey) !== null);
  const [endedNotice, setEndedNotice] = useState<string | null>(null);
  const applyVerdict = useCallback(
    (paid: PaidIntent, status: PaymentStatus | null) => {
      // Another checkout was opened in this tab meanwhile: this answer is about the one before.
      if (paymentToCheck(currentCartKey)?.id !== paid.id) return;
      if (status?.status === 'succeeded' || status?.status === 'processing') {
        outcome.completed(paid, status.status);
        return;
      }
      if (status?.status === 'cancelled') {
        savePayment(null);
        setStage(null);
        setEndedNotice(CHECKOUT_ENDED_TEXT(status.message ?? 'This checkout ended, so nothing was charged.'));
      }
      // Open, declined, or the server could not be asked: the page shows what it kept (the payment is checked there).
      setVerifying(false);
    },
    [outcome, currentCartKey],
  );
  const verifyLastPayment = useCallback(() => {
    // Nothing kept to ask about: the page was never waiting (it starts checking only with a payment kept).
    const paid = paymentToCheck(currentCartKey);
    if (paid === null) return;
    getPaymentStatus(paid.id, paid.clientSecret).then(
      (status) => applyVerdict(paid, status),
      () => applyVerdict(paid, null),
    );
  }, [applyVerdict, currentCartKey]);
  const packIsValid = validatePack(cartTotalCans(cartLines)).isValid;
  const packIsEmpty = cartLines.length === 0;
  useEffect(() => {
    // An empty or broken pack is looked at below (another tab may have bought it).
    if (!packIsValid) return;
    verifyLastPayment();
    const onVisible = () => {
      if (document.visibilityState === 'visible') verifyLastPayment();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && CHECKOUT_BROADCAST_KEYS.includes(event.key)) verifyLastPayment();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('storage', onStorage);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('storage', onStorage);
    };
  }, [verifyLastPayment, packIsValid]);
  /** The server asks before the same pack is bought again minutes after it was paid: the customer answers here. */
  const [repeat, setRepeat] = useState<{ details: CheckoutDetails; message: string } | null>(null);
  useEffect(() => {
    if (stage !== null) savePayment(stage);
  }, [stage]);
  /**
   * The cans this browser's last checkout holds, until when: a new checkout from it replaces that one on the
   * server and gets them back, so the pre-payment check counts them as available ("Edit details" on the
   * last cans of a beer must not say they are gone).
   */
  const ownHold = useRef<{ cans: Map<string, number>; until: number } | null>(
    stage?.intent.holdEndsAt == null ? null : { cans: cansByProduct(cartLines), until: stage.intent.holdEndsAt },
  );

  const sentToShop = useRef(false);
  useEffect(() => {
    if (packIsValid || sentToShop.current) return;
    sentToShop.current = true;
    const toShop = () => {
      toast.error(CheckoutToasts.invalidPack.title, CheckoutToasts.invalidPack.description);
      onInvalidPack();
    };
    // Cans in the pack were chosen after any purchase (a purchase empties it): the pack is incomplete.
    if (!packIsEmpty) return toShop();
    // A checkout paid in another tab of this browser emptied the pack: that order, not a complaint about the pack.
    const elsewhere = recentlyPaidCheckout(Date.now());
    if (elsewhere !== null) {
      toast.info(PAID_IN_ANOTHER_TAB(elsewhere.orderId));
      onPaymentComplete({ id: elsewhere.paymentIntentId, clientSecret: elsewhere.clientSecret }, 'succeeded');
      return;
    }
    // This tab's checkout paid in another tab (which emptied the pack): its result, not a complaint about the pack.
    const last = lastPaymentOfTab();
    if (last === null) return toShop();
    const paid = { id: last.intent.paymentIntentId, clientSecret: last.intent.clientSecret };
    getPaymentStatus(paid.id, paid.clientSecret).then(
      (status) => (status.status === 'succeeded' || status.status === 'processing' ? onPaymentComplete(paid, status.status) : toShop()),
      toShop,
    );
  }, [packIsValid, packIsEmpty, toast, onInvalidPack, onPaymentComplete]);

  // Early access is sold to the member's own address: an empty e-mail field starts with it (what was typed stays).
  const memberEmail = member?.email ?? null;
  const formShown = packIsValid && !verifying;
  useEffect(() => {
    if (memberEmail === null || !formShown) return;
    const typed: unknown = form.getFieldValue('email');
    if (typeof typed === 'string' && typed.trim() !== '') return;
    form.setFieldsValue({ email: memberEmail });
  }, [memberEmail, formShown, form]);

  // From the whole form's values: the Saturday's field is only there once collecting is chosen, after the first render.
  const watchedMethod = Form.useWatch('fulfilment', { form, preserve: true });
  const watchedPickupDate = Form.useWatch('pickupDate', { form, preserve: true }) ?? null;
  const watchedState = Form.useWatch('state', form) ?? null;
  const watchedPostCode = Form.useWatch('postCode', form) ?? '';
  const watchedEmail = Form.useWatch('email', form) ?? '';
  const cartKey = cartKeyOf(cartLines);
  const payment = stage !== null && stage.cartKey === cartKey ? stage : null;
  const packChanged = stage !== null && payment === null;
  // The code is checked again as the cart and the details it depends on change (the e-mail once it rests).
  const settledEmail = useSettledValue(watchedEmail, EMAIL_SETTLE_MS);
  const discount = useDiscountCode(
    {
      cartItems: toCheckoutCartItems(cartLines),
      method: watchedMethod === 'pickup' ? 'pickup' : 'delivery',
      pickupDate: watchedPickupDate,
      email: settledEmail,
      state: watchedState,
      postCode: watchedPostCode,
    },
    payment === null && packIsValid,
  );
  const discountInput = useRef<InputRef>(null);
  const summaryDiscount = payment === null ? summaryDiscountOf(discount.result) : pricedDiscountOf(payment.intent, discount.result);
  const destination: OrderDestination = payment
    ? destinationOf(payment.customer, payment.fulfilment)
    : watchedMethod === 'pickup'
      ? { method: 'pickup', pickupDate: watchedPickupDate }
      : { method: 'delivery', state: watchedState, postCode: watchedPostCode };
  const summary = orderSummaryFor(cartLines, destination);

  const continueToPayment = async (details: CheckoutDetails, confirmRepeat = false) => {
    const { customer, fulfilment } = details;
    setRepeat(null);
    setEndedNotice(null);
    // The code the customer typed goes with the details, applied or not (even while its check is awaited): the
    // shop prices it or refuses it. A text that is not a code's shape stops here, said on its field.
    const code = discount.codeForPayment();
    if (code.kind === 'malformed') {
      setRefusal(code.message);
      setTimeout(() => discountInput.current?.focus(), 0);
      return;
    }
    const discountCode = code.kind === 'code' ? code.code : null;
    // The same pack and details while the hold lasts get the same checkout back from the server (same order
    // number and hold); anything else replaces it there.
    attempt.current += 1;
    const thisAttempt = attempt.current;
    setChecking(true);
    setRefusal('');
    try {
      const held = ownHold.current !== null && Date.now() < ownHold.current.until ? ownHold.current.cans : new Map<string, number>();
      await checkCartLines(cartLines, async (productId) => {
        const product = await queryClient.fetchQuery(productAvailabilityQueryOptions(productId));
        return { ...product, inventory: product.inventory + (held.get(productId) ?? 0) };
      });
      const intent = await createPaymentIntent.mutateAsync({
        cartItems: toCheckoutCartItems(cartLines),
        customerInfo: customer,
        fulfilment,
        ...(confirmRepeat ? { confirmRepeat: true } : {}),
        ...(discountCode === null ? {} : { discountCode }),
        ...(member === null ? {} : { memberToken: member.token }),
      });
      if (thisAttempt !== attempt.current) return;
      if (intent.discountCode != null) discount.pricedAtPayment(intent.discountCode);
      ownHold.current = intent.holdEndsAt === null ? null : { cans: cansByProduct(cartLines), until: intent.holdEndsAt };
      setWait(null);
      setStage({ intent, customer, fulfilment, cartKey });
      announceCheckoutOpened(intent.paymentIntentId, Date.now());
    } catch (error) {
      if (thisAttempt !== attempt.current) return;
      const next = checkoutWaitFor(error, details, Date.now(), Math.random());
      setWait(next);
      if (next !== null) return;
      // The code no longer applies (used up, expired meanwhile…): said on its field, the details kept; the
      // customer removes it to pay without it.
      if (isDiscountRefusal(error) && discountCode !== null) {
        const message = discountRefusalText(error);
        discount.refusedAtPayment(discountCode, message);
        setRefusal(message);
        // Once the page is enabled again (the field is disabled while the answer is awaited).
        setTimeout(() => discountInput.current?.focus(), 0);
        return;
      }
      // The same pack was paid from this browser minutes ago: bought again only when the customer says so.
      if (error instanceof ApiError && error.code === 'repeat_of_paid_order') {
        setRepeat({ details, message: errorMessage(error) });
        return;
      }
      // This tab's earlier checkout was paid meanwhile: that order is what the customer sees.
      if (error instanceof ApiError && error.code === 'earlier_checkout_paying') {
        toast.info(errorMessage(error));
        verifyLastPayment();
        return;
      }
      // Club early access for another address than the member's: said on the e-mail field, as a refused detail is.
      if (error instanceof ApiError && error.code === MemberRefusals.emailMismatch) {
        const message = errorMessage(error);
        form.setFields([{ name: 'email', errors: [message] }]);
        setRefusal(message);
        setTimeout(() => form.scrollToField('email', { block: 'center', focus: true }), 0);
        // The member may have changed their address since this browser last asked.
        recheckMember();
        return;
      }
      // The club link kept here is not a member's any more: the server is asked whose it is (a dead one is forgotten).
      if (error instanceof ApiError && error.code === MemberRefusals.invalidLink) recheckMember();
      // What the server refused on a field is shown on that field (and announced); the toast is for the rest.
      const refused = error instanceof ApiError ? Object.entries(error.fields).filter(([field]) => isCustomerField(field)) : [];
      if (refused.length > 0) {
        form.setFields(refused.map(([field, message]) => ({ name: field as keyof CustomerFormValues, errors: [message] })));
        setRefusal(
          refused.length === 1
            ? (refused[0]?.[1] ?? '')
            : `Please check ${refused.length} of your details: ${refused.map(([, m]) => m).join(' ')}`,
        );
        // Once the form is enabled again (it is disabled while the answer is awaited, and cannot take focus then).
        const first = refused[0]?.[0];
        setTimeout(() => form.scrollToField(first, { block: 'center', focus: true }), 0);
        return;
      }
      toast.error(CheckoutToasts.checkoutFailedTitle, errorMessage(error));
    } finally {
      if (thisAttempt === attempt.current) setChecking(false);
    }
  };

  // The busy shop's countdown has run out (and its jitter): try again by itself, with the same details.
  useEffect(() => {
    if (wait?.kind !== 'busy' || wait.retrying) return;
    const timer = setTimeout(
      () => {
        setWait({ ...wait, retrying: true });
        void continueToPayment(wait.details);
      },
      Math.max(0, wait.fireAt - Date.now()),
    );
    return () => clearTimeout(timer);
  });

  // Asked to wait (429): the submit button comes back when the countdown ends.
  useEffect(() => {
    if (wait?.kind !== 'limited') return;
    const timer = setTimeout(() => setWait(null), Math.max(0, wait.until - Date.now()));
    return () => clearTimeout(timer);
  }, [wait]);

  // A checkout that ended is forgotten: a reload or Continue opens a new one, never the ended one again.
  const forgetEnded = useCallback(() => savePayment(null), []);

  // Back from a checkout that ended: the details take the focus, ready to be checked and sent again.
  const focusDetails = useRef(false);
  // Editing the details: a reload shows them (Continue with the same details still resumes the checkout).
  const editDetails = () => {
    savePayment(null);
    setStage(null);
  };
  const checkPackAgain = () => {
    focusDetails.current = true;
    setStage(null);
  };
  useEffect(() => {
    if (payment !== null || !focusDetails.current) return;
    focusDetails.current = false;
    form.focusField('name');
  });

  // From one step to the other, the new step comes into view (below the sticky header) with focus on its title,
  // rather than the page staying where the customer pressed the button.
  const steps = useRef<HTMLDivElement>(null);
  const step = payment === null ? 'details' : 'payment';
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    const container = steps.current;
    if (container === null) return;
    // (jsdom, under the unit tests, has no scrolling at all)
    if (typeof container.scrollIntoView === 'function') container.scrollIntoView({ block: 'start' });
    const title = [...container.querySelectorAll<HTMLElement>('.ant-card-head-title, h2')].find(
      (element) => element.closest('[hidden]') === null,
    );
    // Back to the details, focus may already be on a field (a pack checked again): it stays there.
    const focusElsewhere = step === 'details' && document.activeElement !== null && document.activeElement !== document.body;
    if (title === undefined || focusElsewhere) return;
    if (!title.hasAttribute('tabindex')) title.setAttribute('tabindex', '-1');
    title.focus({ preventScroll: true });
  }, [step]);

  const stopTrying = () => {
    attempt.current += 1;
    setWait(null);
    setChecking(false);
  };

  if (!packIsValid) return null;
  if (verifying) {
    return (
      <main id="main-content" className="page checkout">
        <PageMeta title="Checkout" noindex />
        <div className="checkout__verifying" role="status">
          <Spin description={CHECKING_PAYMENT_TEXT} />
        </div>
      </main>
    );
  }

  return (
    <main id="main-content" className="page checkout">
      <PageMeta title="Checkout" noindex />
      <header className="checkout__header">
        <h1 className="page__title">Checkout</h1>
        <p className="checkout__subtitle">Complete your craft beer pack order</p>
      </header>

      <div className="checkout__layout">
        <div className="checkout__summary">
          <OrderSummaryCard
            lines={cartLines}
            destination={destination}
            summary={summary}
            cellarDoorAddress={config?.address ?? null}
            discount={summaryDiscount}
          >
            {/* Changing the code at the payment step means going back to the details (Edit details). */}
            {payment === null ? <DiscountCodeField discount={discount} disabled={checking} inputRef={discountInput} /> : null}
          </OrderSummaryCard>
        </div>

        <div className="checkout__steps" ref={steps}>
          {packChanged ? <Alert type="info" showIcon title={PACK_CHANGED_TEXT} className="checkout__pack-changed" /> : null}
          {endedNotice !== null && payment === null ? (
            <Alert type="warning" showIcon title={endedNotice} className="checkout__ended-notice" />
          ) : null}
          {repeat !== null && payment === null ? (
            <Alert
              type="warning"
              showIcon
              role="alert"
              className="checkout__repeat"
              title={repeat.message}
              description={
                <div className="checkout__repeat-actions">
                  <Button type="primary" onClick={() => void continueToPayment(repeat.details, true)}>
                    {BUY_AGAIN_TEXT}
                  </Button>
                  <Button onClick={() => setRepeat(null)}>{KEEP_ORDER_TEXT}</Button>
                </div>
              }
            />
          ) : null}
          {/* Says once what a wait is about; the countdown itself is a timer that is not read out every second. */}
          <p className="checkout__announcer" role="status">
            {wait?.announcement ?? refusal}
          </p>
          <div hidden={payment !== null}>
            <Card title="Customer Information" className="checkout__card">
              <CustomerInfoForm
                form={form}
                busy={checking || wait?.kind === 'busy'}
                submitBlocked={wait?.kind === 'limited'}
                onSubmit={(details) => void continueToPayment(details)}
                initialValues={initialDetails}
                onDetailsChange={(values) => {
                  saveDetails(values);
                  // Said once; once the customer changes the details it is no longer news (nor true, perhaps).
                  setRefusal('');
                }}
                onMissingInformation={() =>
                  toast.error(CheckoutToasts.missingInformation.title, CheckoutToasts.missingInformation.description)
                }
              />
              {/* Right under the button the customer has just pressed (outside the form, which waits meanwhile). */}
              {wait !== null && payment === null ? (
                <CheckoutWaitNotice key={wait.kind === 'busy' ? wait.retryAt : wait.until} wait={wait} onStop={stopTrying} />
              ) : null}
            </Card>
          </div>
          {payment ? (
            <PaymentStep
              intent={payment.intent}
              customer={payment.customer}
              fulfilment={payment.fulfilment}
              returnUrl={returnUrl}
              outcome={outcome}
              onEditDetails={editDetails}
              onCheckPackAgain={checkPackAgain}
              onEnded={forgetEnded}
              discountDescription={summaryDiscount?.description ?? null}
            />
          ) : null}
        </div>
      </div>
    </main>
  );
}
