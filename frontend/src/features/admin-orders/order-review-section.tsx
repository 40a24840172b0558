import { Button, Form, Input, Modal, Space } from 'antd';
import { errorMessage } from '@/shared/api/api-error';
import { useToast } from '@/shared/ui/toast/use-toast';
import type { AdminOrder } from './api/get-admin-orders';
import { useRefundOrder, useResolveReview } from './api/order-review';
import { dateTime, money } from './order-display';

interface RefundValues {
  amount: string;
  note: string;
}

const cents = (dollars: string | undefined): number => Math.round(Number(dollars ?? '0') * 100);

/** The refund's confirmation, with the amount spelled out. */
export function refundPrompt(dollars: string, customerName: string): string {
  return `Refund ${money(dollars)} to ${customerName}?`;
}

/**
 * What closes an order's problems: a refund of the payment that was taken (full by default, or part of it),
 * and, for an order flagged for review, "Mark resolved" with a note saying how. The server decides what is
 * refundable; the form only starts from what is left.
 */
export function OrderReviewSection({ order }: { order: AdminOrder }) {
  const refund = useRefundOrder();
  const resolve = useResolveReview();
  const toast = useToast();
  const [refundForm] = Form.useForm<RefundValues>();
  const [resolveForm] = Form.useForm<{ note: string }>();
  // The confirmation renders through this section's own holder, inside the admin's theme.
  const [modal, modalHolder] = Modal.useModal();
  const refunds = order.refunds ?? [];
  const refunded = order.refundedAmount ?? '0.00';
  const left = Math.max(0, cents(order.totalAmount) - cents(refunded));
  const leftText = (left / 100).toFixed(2);
  const paid = order.paidAt !== null || order.needsReview;

  // Money leaves the shop only after the operator has read how much and to whom; one key per confirmation, so
  // a double click or a lost answer never refunds twice.
  const submitRefund = (values: RefundValues) => {
    const amount = values.amount.trim();
    const dollars = amount === '' ? leftText : Number(amount).toFixed(2);
    const idempotencyKey = crypto.randomUUID();
    void modal.confirm({
      title: refundPrompt(dollars, order.customerName),
      content: amount === '' ? 'This cannot be undone. It is everything not yet refunded.' : 'This cannot be undone.',
      okText: `Refund ${money(dollars)}`,
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () =>
        refund
          .mutateAsync({ orderId: order.id, amount: amount === '' ? undefined : amount, note: values.note.trim(), idempotencyKey })
          .then(
            (outcome) => {
              toast.success(outcome.message);
              refundForm.resetFields();
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

      {order.needsReview ? (
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

      {paid && left > 0 ? (
        <Form
          form={refundForm}
          layout="vertical"
          onFinish={submitRefund}
          name={`refund-${order.id}`}
          initialValues={{ amount: '', note: '' }}
          className="order-review__refund"
        >
          <Space wrap align="start">
            <Form.Item
              name="amount"
              label={`Refund amount (up to ${money(leftText)})`}
              rules={[{ pattern: /^\s*(\d{1,6}(\.\d{1,2})?)?\s*$/, message: 'Dollars with at most two decimals, for example 12.50' }]}
              extra="Leave empty to refund everything not yet refunded"
            >
              <Input inputMode="decimal" placeholder={leftText} prefix="$" />
            </Form.Item>
            <Form.Item name="note" label="Note (kept in the history)" rules={[{ max: 500 }]}>
              <Input maxLength={500} placeholder="Why" />
            </Form.Item>
          </Space>
          <Button danger htmlType="submit" loading={refund.isPending}>
            Refund
          </Button>
        </Form>
      ) : paid ? (
        <p className="order-detail__muted">Refunded in full ({money(refunded)}).</p>
      ) : (
        <p className="order-detail__muted">No payment was taken for this order, so there is nothing to refund.</p>
      )}
    </div>
  );
}
