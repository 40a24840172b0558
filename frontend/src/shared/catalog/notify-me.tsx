import { BellOutlined } from '@ant-design/icons';
import type { Product } from '@brewery/shop-rules';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '@/shared/api/api-error';
import { productsQueryOptions } from '@/shared/api/products/get-products';
import { useNotifyMe } from './api/notify-me';
import './notify-me.css';
import { PlainButton } from '@/shared/ui/plain-button';

export interface NotifyMeProps {
  product: Product;
  /** The beer is still to be released (rather than sold out). */
  upcoming: boolean;
}

const EMPTY_EMAIL = 'Enter your e-mail address';

/** One function for every render: a new one each time would take the focus back every second the countdown ticks. */
const takeFocus = (node: HTMLElement | null) => node?.focus();

/** What the server's refusal means for the form: a word on the field, or a line under the form. */
function refusal(error: unknown): { field: string | null; form: string | null } {
  if (error === null) return { field: null, form: null };
  if (error instanceof ApiError && error.status === 400) return { field: error.serverMessage, form: null };
  return { field: null, form: errorMessage(error) };
}

/**
 * "Tell me when it's back" on a sold-out beer (and "…released" on one still to come): opens an e-mail field, and
 * once the server has the address says so in its own words in the form's place.
 */
export function NotifyMe({ product, upcoming }: NotifyMeProps) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [emptyTried, setEmptyTried] = useState(false);
  const notify = useNotifyMe();
  const queryClient = useQueryClient();
  const inputId = useId();
  const errorId = useId();
  const offer = upcoming ? "Tell me when it's released" : "Tell me when it's back";

  if (notify.isSuccess) {
    return (
      // Takes the focus from the submit button it replaces, so a screen reader reads it and the keyboard stays here.
      <p className="notify-me__done" role="status" tabIndex={-1} ref={takeFocus}>
        {notify.data.message}
      </p>
    );
  }

  if (!open) {
    return (
      <PlainButton
        block
        className="notify-me__open"
        icon={<BellOutlined aria-hidden />}
        onClick={() => setOpen(true)}
        aria-label={`${offer}: ${product.name}`}
      >
        {offer}
      </PlainButton>
    );
  }

  const { field, form } = refusal(notify.error);
  const fieldError = emptyTried ? EMPTY_EMAIL : field;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (address === '') {
      setEmptyTried(true);
      return;
    }
    notify.mutate(
      { productId: product.id, email: address },
      {
        onError: (error) => {
          // On sale after all: the list the card was drawn from is out of date.
          if (error instanceof ApiError && error.code === 'on_sale') {
            void queryClient.invalidateQueries({ queryKey: productsQueryOptions().queryKey }, { cancelRefetch: false });
          }
        },
      },
    );
  };

  return (
    <form className="notify-me" onSubmit={submit} noValidate aria-label={`${offer}: ${product.name}`}>
      <label htmlFor={inputId} className="notify-me__label">
        Your e-mail address
      </label>
      <div className="notify-me__row">
        <input
          id={inputId}
          className={`notify-me__input${fieldError === null ? '' : ' notify-me__input--invalid'}`}
          type="email"
          name="email"
          inputMode="email"
          autoComplete="email"
          // It was just asked for by the button it replaces.
          autoFocus
          maxLength={254}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setEmptyTried(false);
            // What the server refused was the address as it was.
            if (notify.isError) notify.reset();
          }}
          aria-invalid={fieldError !== null}
          aria-describedby={fieldError === null ? undefined : errorId}
        />
        <PlainButton htmlType="submit" variant="primary" loading={notify.isPending}>
          Notify me
        </PlainButton>
      </div>
      {fieldError === null ? null : (
        <p id={errorId} className="notify-me__error" role="alert">
          {fieldError}
        </p>
      )}
      {form === null ? null : (
        <p className="notify-me__error" role="alert">
          {form}
        </p>
      )}
    </form>
  );
}
