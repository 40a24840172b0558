import { Button, Form, Input, Space } from 'antd';
import type { InputRef } from 'antd';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { DiscountTexts, type DiscountCode } from './use-discount-code';

export const DISCOUNT_INPUT_ID = 'discount-code';
const HELP_ID = 'discount-code-help';

export interface DiscountCodeFieldProps {
  discount: DiscountCode;
  /** While the details are being sent: nothing to change meanwhile. */
  disabled?: boolean;
  /** The code's text box, for the page to put the focus there when the payment refused the code. */
  inputRef?: RefObject<InputRef | null>;
}

/**
 * "Have a code?": shut until asked for (open when a code is kept from before a reload). A text box and Apply; once
 * applied, the code with Remove. What the shop says about the code (why it does not apply, that it is being
 * checked, what it takes off) is written under the box and tied to it, so a screen reader reads it with the field.
 */
export function DiscountCodeField({ discount, disabled = false, inputRef }: DiscountCodeFieldProps) {
  const { draft, setDraft, applied, status, message, result, applying, apply, remove } = discount;
  const [open, setOpen] = useState(() => applied !== null || draft !== '');
  const ownRef = useRef<InputRef>(null);
  const input = inputRef ?? ownRef;
  // Opened, or back to an empty box after Remove: the focus goes to the box (the button pressed has gone).
  const focusBox = useRef(false);
  useEffect(() => {
    if (!focusBox.current) return;
    focusBox.current = false;
    input.current?.focus();
  });

  // A code applied from elsewhere (the page refused it at payment) opens the field.
  const shown = open || applied !== null || status === 'refused';
  if (!shown) {
    return (
      <Button
        type="link"
        className="discount-code__toggle"
        aria-expanded={false}
        onClick={() => {
          focusBox.current = true;
          setOpen(true);
        }}
      >
        {DiscountTexts.toggle}
      </Button>
    );
  }

  const success = status === 'applied' && result !== null ? DiscountTexts.applied(result.code, result.description) : null;
  const help = message ?? success;
  const validateStatus = ({ none: undefined, checking: 'validating', applied: 'success', unchecked: 'warning', refused: 'error' } as const)[
    status
  ];

  return (
    <Form layout="vertical" requiredMark={false} className="discount-code" disabled={disabled} component="div">
      <Form.Item
        label={DiscountTexts.label}
        htmlFor={DISCOUNT_INPUT_ID}
        validateStatus={validateStatus}
        help={
          help === null ? undefined : (
            <span id={HELP_ID} className="discount-code__help">
              {help}
            </span>
          )
        }
        className="discount-code__item"
      >
        <Space.Compact block className="discount-code__row">
          <Input
            ref={input}
            id={DISCOUNT_INPUT_ID}
            value={applied ?? draft}
            readOnly={applied !== null}
            onChange={(event) => setDraft(event.target.value)}
            onPressEnter={(event) => {
              event.preventDefault();
              if (applied === null) apply();
            }}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
            aria-invalid={status === 'refused' ? true : undefined}
            aria-describedby={help === null ? undefined : HELP_ID}
            className="discount-code__input"
          />
          {applied === null ? (
            <Button type="primary" onClick={apply} loading={applying} className="discount-code__button">
              {DiscountTexts.apply}
            </Button>
          ) : (
            <Button
              onClick={() => {
                focusBox.current = true;
                remove();
              }}
              aria-label={`${DiscountTexts.remove} the code ${applied}`}
              className="discount-code__button"
            >
              {DiscountTexts.remove}
            </Button>
          )}
        </Space.Compact>
      </Form.Item>
    </Form>
  );
}
