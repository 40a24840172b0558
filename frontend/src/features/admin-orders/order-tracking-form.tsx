import { LinkOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input, Select } from 'antd';
import type { InputRef } from 'antd';
import type { Ref } from 'react';
import { useEffect } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { useToast } from '@/shared/ui/toast/use-toast';
import type { AdminOrder, OrderStatus } from './api/get-admin-orders';
import { ORDER_STATUSES } from './api/get-admin-orders';
import { useUpdateOrderTracking } from './api/update-order-tracking';
import { auspostTrackingUrl, orderStatusLabel } from './order-status';

export interface OrderTrackingFormProps {
  order: AdminOrder;
  /** The reference field, for the dialog to focus when opened through 'Update Tracking'. */
  referenceRef?: Ref<InputRef>;
}

interface TrackingValues {
  status: OrderStatus;
  trackingReference: string;
  notifyCustomer: boolean;
}

export const ORDER_UPDATED = 'Order updated and customer notified by email';
export const NOTIFY_CUSTOMER = 'Notify customer by e-mail';

const STATUS_OPTIONS = ORDER_STATUSES.map((status) => ({ value: status, label: orderStatusLabel(status) }));

/** The manual status and tracking form: both are required, any status may follow any other (spec section 4). */
export function OrderTrackingForm({ order, referenceRef }: OrderTrackingFormProps) {
  const [form] = Form.useForm<TrackingValues>();
  const update = useUpdateOrderTracking();
  const toast = useToast();
  const typedReference = Form.useWatch('trackingReference', form) ?? '';

  // A saved change comes back in the order list: show it as the form's new starting point. The form stays
  // mounted meanwhile (no remount by key), so the save's own callbacks still run and toast.
  useEffect(() => {
    form.setFieldsValue({ status: order.status, trackingReference: order.trackingReference ?? '' });
  }, [form, order.status, order.trackingReference]);

  // The toast says what the server did: updated and e-mailed, updated quietly, or nothing to change.
  const submit = (values: TrackingValues) =>
    update.mutate(
      {
        orderId: order.id,
        status: values.status,
        trackingReference: values.trackingReference.trim(),
        notifyCustomer: values.notifyCustomer,
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
      initialValues={{ status: order.status, trackingReference: order.trackingReference ?? '', notifyCustomer: true }}
      className="order-tracking-form"
      name={`order-tracking-${order.id}`}
    >
      <div className="order-tracking-form__fields">
        <Form.Item label="Status" name="status" rules={[{ required: true, message: 'Status is required' }]}>
          <Select options={STATUS_OPTIONS} aria-label="Status" />
        </Form.Item>
        <Form.Item
          label="Tracking reference"
          name="trackingReference"
          rules={[{ required: true, whitespace: true, message: 'Tracking reference is required' }]}
        >
          <Input ref={referenceRef} maxLength={60} placeholder="Australia Post consignment or article number" />
        </Form.Item>
      </div>
      {typedReference.trim() !== '' ? (
        <p className="order-tracking-form__link">
          <a href={auspostTrackingUrl(typedReference)} target="_blank" rel="noopener noreferrer">
            <LinkOutlined /> Track {typedReference.trim()} with Australia Post
          </a>
        </p>
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
