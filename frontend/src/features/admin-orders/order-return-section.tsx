import { Button, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { useToast } from '@/shared/ui/toast/use-toast';
import type { AdminOrder } from './api/get-admin-orders';
import { useRecordReturn } from './api/record-return';
import { CansPicker } from './cans-picker';
import { dateTime, money } from './order-display';
import { cansCount, pickedCans, pickedValueCents, refundableCents, returnableByProduct, type CansByLine } from './order-cans';

type RefundChoice = 'none' | 'value' | 'amount';

const dollarsOf = (cents: number): string => (cents / 100).toFixed(2);
const AMOUNT = /^\s*\d{1,6}(\.\d{1,2})?\s*$/;

/**
 * Cans a customer sent back from an order with its customer: a stepper per line (at most what has not come back
 * yet), and whether to refund nothing, the cans' value (priced from the order, at most what is left) or an amount.
 * The cans go back in stock; the server records the return once per confirmation.
 */
export function OrderReturnSection({ order }: { order: AdminOrder }) {
  const record = useRecordReturn();
  const toast = useToast();
  const [modal, modalHolder] = Modal.useModal();
  const [byLine, setByLine] = useState<CansByLine>({});
  const [choice, setChoice] = useState<RefundChoice>('none');
  const [amount, setAmount] = useState('');
  const returnable = returnableByProduct(order);
  const picked = pickedCans(order, byLine);
  const count = picked.reduce((sum, item) => sum + item.cans, 0);
  const left = refundableCents(order);
  const value = Math.min(left, pickedValueCents(order, picked));
  const amountOk = AMOUNT.test(amount) && Number(amount) > 0;
  const refundText = choice === 'value' ? dollarsOf(value) : choice === 'amount' && amountOk ? Number(amount).toFixed(2) : null;

  const submit = () => {
    const idempotencyKey = crypto.randomUUID();
    void modal.confirm({
      title: `Record the return of ${cansCount(count)} from ${order.customerName}?`,
      content:
        refundText === null
          ? 'The cans go back in stock. No money is refunded.'
          : `The cans go back in stock and ${money(refundText)} is refunded to the customer's card. This cannot be undone.`,
      okText: refundText === null ? 'Record return' : `Record return and refund ${money(refundText)}`,
      cancelText: 'Cancel',
      onOk: () =>
        record
          .mutateAsync({
            orderId: order.id,
            items: picked,
            refund: choice === 'none' ? false : choice === 'value' ? true : amount.trim(),
            idempotencyKey,
          })
          .then(
            (outcome) => {
              toast.success(outcome.message);
              setByLine({});
              setChoice('none');
              setAmount('');
            },
            (error: unknown) => toast.error(errorMessage(error)),
          ),
    });
  };

  return (
    <div className="order-return">
      {modalHolder}
      {(order.returns ?? []).length > 0 ? (
        <ul className="order-return__list" aria-label="Returns">
          {(order.returns ?? []).map((entry) => (
            <li key={entry.returnId}>
              {entry.items.map((item) => `${cansCount(item.cans)} of ${item.productName}`).join(', ')} back {dateTime(entry.at)}
              {Number(entry.refund) > 0 ? `, ${money(entry.refund)} refunded` : ', nothing refunded'}
            </li>
          ))}
        </ul>
      ) : null}
      <CansPicker
        order={order}
        value={byLine}
        onChange={setByLine}
        purpose="sent back"
        maxOf={(line) => Math.min(line.quantity, returnable.get(line.productId) ?? 0)}
      />
      <Radio.Group
        className="order-return__refund"
        value={choice}
        onChange={(event) => setChoice(event.target.value as RefundChoice)}
        aria-label="Refund for the return"
        options={[
          { value: 'none', label: 'No refund' },
          { value: 'value', label: `Refund their value (${money(dollarsOf(value))})`, disabled: left === 0 },
          { value: 'amount', label: 'Refund an amount', disabled: left === 0 },
        ]}
      />
      {choice === 'amount' ? (
        <Input
          className="order-return__amount"
          aria-label={`Amount to refund (up to ${money(dollarsOf(left))})`}
          inputMode="decimal"
          prefix="$"
          placeholder={dollarsOf(Math.min(value, left))}
          value={amount}
          status={amount === '' || amountOk ? undefined : 'error'}
          onChange={(event) => setAmount(event.target.value)}
        />
      ) : null}
      <Button onClick={submit} loading={record.isPending} disabled={count === 0 || (choice === 'amount' && !amountOk)}>
        {count === 0 ? 'Record return' : `Record return of ${cansCount(count)}`}
      </Button>
    </div>
  );
}
