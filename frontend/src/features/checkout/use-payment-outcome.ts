import { useMemo } from 'react';
import { ApiError, errorMessage } from '@/shared/api/api-error';
import { useToast } from '@/shared/ui/toast/use-toast';
import { CheckoutToasts } from './checkout-messages';
import type { PaymentRedirectStatus } from './checkout-messages';

/** The payment a result is about: its id and the client secret that lets this browser ask how it went. */
export interface PaidIntent {
  id: string;
  clientSecret: string;
}

export interface PaymentOutcome {
  /** The provider took the payment (or is still taking it): thank the customer and move on. */
  completed: (payment: PaidIntent, status: PaymentRedirectStatus) => void;
  /** The provider refused the card; the customer stays to try another one on the same payment. */
  declined: (providerMessage: string) => void;
  /** Anything else thrown while paying. A 4xx from the gateway is still a refusal in its own words. */
  failed: (error: unknown) => void;
  /** A new try has begun (the card form was sent): what the last one said no longer applies. */
  attempting?: () => void;
}

const CLIENT_ERROR = { from: 400, to: 499 } as const;

export function usePaymentOutcome(onComplete: (payment: PaidIntent, status: PaymentRedirectStatus) => void): PaymentOutcome {
  const toast = useToast();
  return useMemo(
    () => ({
      completed: (payment, status) => {
        if (status === 'succeeded') toast.success(CheckoutToasts.paymentSuccessful.title, CheckoutToasts.paymentSuccessful.description);
        onComplete(payment, status);
      },
      declined: (providerMessage) => toast.error(CheckoutToasts.paymentFailedTitle, providerMessage),
      failed: (error) => {
        if (error instanceof ApiError && error.status >= CLIENT_ERROR.from && error.status <= CLIENT_ERROR.to) {
          toast.error(CheckoutToasts.paymentFailedTitle, errorMessage(error));
          return;
        }
        toast.error(CheckoutToasts.paymentErrorTitle, CheckoutToasts.unexpectedPaymentError(errorMessage(error)));
      },
    }),
    [toast, onComplete],
  );
}
