import { LinkOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input, Select } from 'antd';
import type { InputRef } from 'antd';
import type { Ref } from 'react';
import { useEffect } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { useAdminPermissions } from '@/shared/admin-access/admin-permissions';
import { useToast } from '@/shared/ui/toast/use-toast';
import type { AdminOrder, OrderStatus } from './api/get-admin-orders';
import { ORDER_STATUSES } from './api/get-admin-orders';
import { useUpdateOrderTracking } from './api/update-order-tracking';
import { auspostTrackingUrl, notifiedByDefault, orderStatusLabel } from './order-status';
import { orderWithCustomer } from './order-cans';
import { pickupDateOf } from './pickup-display';

export interface OrderTrackingFormProps {
  order: AdminOrder;
  /** The reference field, for the dialog to focus when opened through 'Update Tracking'. */
  referenceRef?: Ref<InputRef>;
}

interface TrackingValues {
  status: OrderStatus;
  trackingReference: string;
  notifyCustomer: boolean;
  keepPayment: boolean;
  keepPaymentReason: string;
}

export const KEEP_PAYMENT = 'Cancel and keep the payment (no refund, cans not returned)';

export const ORDER_UPDATED = 'Order updated and customer notified by email';
export const NOTIFY_CUSTOMER = 'Notify customer by e-mail';

const STATUS_OPTIONS = ORDER_STATUSES.map((status) => ({ value: status, label: orderStatusLabel(status) }));

/** A pickup is never shipped, and becomes Delivered only by its hand-over at the cellar door (with the photo ID). */
function pickupStatusOptions(current: OrderStatus) {
  return STATUS_OPTIONS.filter(({ value }) => value !== 'shipped' && (value !== 'delivered' || current === 'delivered'));
}

/** Why an order with its customer offers no Cancelled, and what to do instead. */
export const WITH_CUSTOMER_HINT =
  'This order is with its customer (shipped, delivered or collected), so it is not cancelled: record a return of the cans that come back, or a refund, below.';

/** The manual status and tracking form: both are required, any status may follow any other (spec section 4). */
export function OrderTrackingForm({ order, referenceRef }: OrderTrackingFormProps) {
  const [form] = Form.useForm<TrackingValues>();
  const update = useUpdateOrderTracking();
  const toast = useToast();
  const typedReference = Form.useWatch('trackingReference', form) ?? '';
  const chosenStatus = Form.useWatch('status', form) ?? order.status;
  const keepPayment = Form.useWatch('keepPayment', form) === true;
  // A pickup is never posted: its form needs no tracking reference, and Packed means "ready to collect" (e-mailed).
  const pickup = pickupDateOf(order) !== null;
  // Shipped, delivered or collected: never cancelled (the server refuses it); a return or a refund instead.
  const withCustomer = orderWithCustomer(order);
  // Cancelling a paid order refunds it: a money matter, not offered to a role without `orders.money`.
  const mayCancelPaid = useAdminPermissions().may('orders.money') || order.paidAt === null || order.status === 'cancelled';
  const statusOptions = (pickup ? pickupStatusOptions(order.status) : STATUS_OPTIONS).filter(
    ({ value }) => value !== 'cancelled' || (!withCustomer && mayCancelPaid),
  );
  // Cancelling a paid order refunds what remains paid and returns its cans, unless the operator keeps the payment.
  const cancellingPaid = chosenStatus === 'cancelled' && order.status !== 'cancelled' && order.paidAt !== null;

  // A saved change comes back in the order list: show it as the form's new starting point. The form stays
  // mounted meanwhile (no remount by key), so the save's own callbacks still run and toast.
  useEffect(() => {
    form.setFieldsValue({ status: order.status, trackingReference: order.trackingReference ?? '' });
  }, [form, order.status, order.trackingReference]);

  // The e-mail box follows the status chosen: ticked, except for packed (the brewery's step, not the customer's news).
  useEffect(() => {
    form.setFieldValue('notifyCustomer', notifiedByDefault(chosenStatus, pickup ? 'pickup' : 'delivery'));
  }, [form, chosenStatus, pickup]);

  // The toast says what the server did: updated and e-mailed, updated quietly, or nothing to change.
  const submit = (values: TrackingValues) =>
    update.mutate(
      {
        orderId: order.id,
        status: values.status,
        ...(pickup && values.trackingReference.trim() === '' ? {} : { trackingReference: values.trackingReference.trim() }),
        notifyCustomer: values.notifyCustomer,
        ...(cancellingPaid && values.keepPayment ? { keepPaymentReason: values.keepPaymentReason.trim() } : {}),
      },
      {
        onSuccess: (outcome) => (outcome.changed ? toast.success(outcome.message) : toast.info(outcome.message)),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={submit}
      noValidate
      initialValues={{
        status: order.status,
        trackingReference: order.trackingReference ?? '',
        notifyCustomer: notifiedByDefault(order.status, pickup ? 'pickup' : 'delivery'),
        keepPayment: false,
        keepPaymentReason: '',
      }}
      className="order-tracking-form"
      name={`order-tracking-${order.id}`}
    >
      <div className="order-tracking-form__fields">
        <Form.Item label="Status" name="status" rules={[{ required: true, message: 'Status is required' }]}>
          <Select options={statusOptions} aria-label="Status" />
        </Form.Item>
        <Form.Item
          label="Tracking reference"
          name="trackingReference"
          rules={pickup ? [] : [{ required: true, whitespace: true, message: 'Tracking reference is required' }]}
        >
          <Input
            ref={referenceRef}
            maxLength={60}
            placeholder={pickup ? 'Not needed: collected at the cellar door' : 'Australia Post consignment or article number'}
          />
        </Form.Item>
      </div>
      {withCustomer ? <p className="order-detail__muted order-tracking-form__with-customer">{WITH_CUSTOMER_HINT}</p> : null}
      {typedReference.trim() !== '' ? (
        <p className="order-tracking-form__link">
          <a href={auspostTrackingUrl(typedReference)} target="_blank" rel="noopener noreferrer">
            <LinkOutlined aria-hidden /> Track {typedReference.trim()} with Australia Post
          </a>
        </p>
      ) : null}
      {cancellingPaid ? (
        <div className="order-tracking-form__cancel">
          <p className="order-detail__muted">
            {keepPayment
              ? 'The payment is kept and the order flagged for review.'
              : `Cancelling refunds what remains paid to the customer's card and returns the cans to stock.`}
          </p>
          <Form.Item name="keepPayment" valuePropName="checked">
            <Checkbox>{KEEP_PAYMENT}</Checkbox>
          </Form.Item>
          {keepPayment ? (
            <Form.Item
              label="Why keep the payment?"
              name="keepPaymentReason"
              rules={[{ required: true, whitespace: true, message: 'Say why the payment is kept' }, { max: 500 }]}
            >
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          ) : null}
        </div>
      ) : null}
      <Form.Item name="notifyCustomer" valuePropName="checked" className="order-tracking-form__notify">
        <Checkbox>{NOTIFY_CUSTOMER}</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        Update Order
      </Button>
    </Form>
  );
}
