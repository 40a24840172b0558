import { Button, Form, Input, Modal, Radio, Space } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { useAdminPermissions } from '@/shared/admin-access/admin-permissions';
import { useToast } from '@/shared/ui/toast/use-toast';
import type { AdminOrder } from './api/get-admin-orders';
import { refundUnderWay } from './api/get-order';
import { useRefundOrder, useResolveReview } from './api/order-review';
import { CansPicker } from './cans-picker';
import { dateTime, money } from './order-display';
import { cansCount, paymentTaken, pickedCans, pickedValueCents, refundableCents, type CansByLine } from './order-cans';

interface RefundValues {
  /** Absent when refunding by cans (the field is not shown). */
  amount?: string;
  note: string;
}

const dollarsOf = (cents: number): string => (cents / 100).toFixed(2);

/** The refund's confirmation, with the amount spelled out. */
export function refundPrompt(dollars: string, customerName: string): string {
  return `Refund ${money(dollars)} to ${customerName}?`;
}

/**
 * What closes an order's problems: a refund of the payment that was taken (full by default, part of it, or cans
 * of its lines priced from the order), and, for an order flagged for review, "Mark resolved" with a note saying
 * how. The server decides what is refundable; the form only starts from what is left (never what the shop is
 * already refunding by itself). A role without `orders.money` reads the refunds and the review, and changes neither.
 */
export function OrderReviewSection({ order }: { order: AdminOrder }) {
  const mayMoney = useAdminPermissions().may('orders.money');
  const refund = useRefundOrder();
  const resolve = useResolveReview();
  const toast = useToast();
  const [refundForm] = Form.useForm<RefundValues>();
  const [resolveForm] = Form.useForm<{ note: string }>();
  // The confirmation renders through this section's own holder, inside the admin's theme.
  const [modal, modalHolder] = Modal.useModal();
  const [mode, setMode] = useState<'amount' | 'cans'>('amount');
  const [byLine, setByLine] = useState<CansByLine>({});
  const refunds = order.refunds ?? [];
  const refunded = order.refundedAmount ?? '0.00';
  const left = refundableCents(order);
  const leftText = dollarsOf(left);
  const paid = paymentTaken(order);
  const picked = pickedCans(order, byLine);
  const pickedCount = picked.reduce((sum, item) => sum + item.cans, 0);
  const cansAmount = Math.min(left, pickedValueCents(order, picked));

  // Money leaves the shop only after the operator has read how much and to whom; one key per confirmation, so
  // a double click or a lost answer never refunds twice.
  const submitRefund = (values: RefundValues) => {
    const byCans = mode === 'cans';
    // The amount field is not shown (so not sent by the form) when refunding by cans.
    const amount = (values.amount ?? '').trim();
    const dollars = byCans ? dollarsOf(cansAmount) : amount === '' ? leftText : Number(amount).toFixed(2);
    const idempotencyKey = crypto.randomUUID();
    void modal.confirm({
      title: refundPrompt(dollars, order.customerName),
      content: byCans
        ? `This cannot be undone. It is ${cansCount(pickedCount)} priced from the order.`
        : amount === ''
          ? 'This cannot be undone. It is everything not yet refunded.'
          : 'This cannot be undone.',
      okText: `Refund ${money(dollars)}`,
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () =>
        refund
          .mutateAsync({
            orderId: order.id,
            ...(byCans ? { items: picked } : amount === '' ? {} : { amount }),
            note: values.note.trim(),
            idempotencyKey,
          })
          .then(
            (outcome) => {
              toast.success(outcome.message);
              refundForm.resetFields();
              setByLine({});
            },
            (error: unknown) => toast.error(errorMessage(error)),
          ),
    });
  };
  const submitResolve = (values: { note: string }) =>
    resolve.mutate(
      { orderId: order.id, note: values.note.trim() },
      {
        onSuccess: (outcome) => (outcome.changed ? toast.success(outcome.message) : toast.info(outcome.message)),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  return (
    <div className="order-review">
      {modalHolder}
      {refunds.length > 0 ? (
        <ul className="order-review__refunds" aria-label="Refunds">
          {refunds.map((r, index) => (
            <li key={`${r.at}-${index}`}>
              {money(r.amount)} refunded {dateTime(r.at)}
              {r.note ? ` — ${r.note}` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      {order.reviewResolution ? (
        <p className="order-detail__muted">
          Review resolved {dateTime(order.reviewResolution.at)}: {order.reviewResolution.note}
        </p>
      ) : null}

      {order.needsReview && mayMoney ? (
        <Form form={resolveForm} layout="vertical" onFinish={submitResolve} name={`resolve-${order.id}`} requiredMark={false}>
          <Form.Item
            name="note"
            label="How was it settled?"
            rules={[{ required: true, whitespace: true, message: 'Say how the review was settled' }, { max: 500 }]}
          >
            <Input.TextArea rows={2} maxLength={500} placeholder="For example: refunded in full, customer told by phone" />
          </Form.Item>
          <Button htmlType="submit" loading={resolve.isPending}>
            Mark resolved
          </Button>
        </Form>
      ) : null}

      {!mayMoney ? (
        <p className="order-detail__muted">Refunds and reviews are settled by an owner or a manager.</p>
      ) : paid && left > 0 ? (
        <Form
          form={refundForm}
          layout="vertical"
          onFinish={submitRefund}
          name={`refund-${order.id}`}
          initialValues={{ amount: '', note: '' }}
          className="order-review__refund"
        >
          <Radio.Group
            className="order-review__mode"
            optionType="button"
            value={mode}
            onChange={(event) => setMode(event.target.value as 'amount' | 'cans')}
            options={[
              { value: 'amount', label: 'By amount' },
              { value: 'cans', label: 'By cans' },
            ]}
            aria-label="Refund by"
          />
          {mode === 'cans' ? (
            <div className="order-review__cans">
              <CansPicker order={order} value={byLine} onChange={setByLine} purpose="to refund" />
              <p className="order-review__cans-amount" aria-live="polite">
                {pickedCount === 0
                  ? `Choose the cans to refund (up to ${money(leftText)} is left; shipping is refunded by amount)`
                  : `${cansCount(pickedCount)}: ${money(dollarsOf(cansAmount))}${cansAmount < pickedValueCents(order, picked) ? ` (what is left to refund)` : ''}`}
              </p>
            </div>
          ) : null}
          <Space wrap align="start">
            {mode === 'amount' ? (
              <Form.Item
                name="amount"
                label={`Refund amount (up to ${money(leftText)})`}
                rules={[{ pattern: /^\s*(\d{1,6}(\.\d{1,2})?)?\s*$/, message: 'Dollars with at most two decimals, for example 12.50' }]}
                extra="Leave empty to refund everything not yet refunded"
              >
                <Input inputMode="decimal" placeholder={leftText} prefix="$" />
              </Form.Item>
            ) : null}
            <Form.Item name="note" label="Note (kept in the history)" rules={[{ max: 500 }]}>
              <Input maxLength={500} placeholder="Why" />
            </Form.Item>
          </Space>
          <Button danger htmlType="submit" loading={refund.isPending} disabled={mode === 'cans' && cansAmount === 0}>
            {mode === 'cans' && cansAmount > 0 ? `Refund ${money(dollarsOf(cansAmount))}` : 'Refund'}
          </Button>
        </Form>
      ) : paid && refundUnderWay(order) ? (
        <p className="order-detail__muted" role="status">
          The shop is refunding {money(order.refundUnderWay ?? '0')} to the customer's card (the order was cancelled); nothing is left to
          refund by hand.
        </p>
      ) : paid ? (
        <p className="order-detail__muted">Refunded in full ({money(refunded)}).</p>
      ) : (
        <p className="order-detail__muted">No payment was taken for this order, so there is nothing to refund.</p>
      )}
    </div>
  );
}
