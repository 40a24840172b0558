import { TeamOutlined } from '@ant-design/icons';
import { discountLabel, pickupWhen } from '@brewery/shop-rules';
import { Alert, Button, Descriptions, Modal, Tag } from 'antd';
import type { InputRef } from 'antd';
import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@/shared/api/api-error';
import { useAdminPermissions } from '@/shared/admin-access/admin-permissions';
import { actorLabel } from '@/shared/ui/event-timeline';
import { useToast } from '@/shared/ui/toast/use-toast';
import { orderQueryOptions, useOrder } from './api/get-order';
import type { AdminOrder } from './api/get-admin-orders';
import { CustomerView } from './customer-view';
import { OrderHistoryTimeline } from './order-history-timeline';
import { OrderNotesSection } from './order-notes-section';
import { orderWithCustomer } from './order-cans';
import { OrderReturnSection } from './order-return-section';
import { OrderReviewSection } from './order-review-section';
import { dateTime, itemQuantityText, money } from './order-display';
import { orderStatusColor, orderStatusLabel } from './order-status';
import { OrderTrackingForm } from './order-tracking-form';
import { collectedText, pickupDateOf } from './pickup-display';
import { ShippingLabelSection } from './shipping-label-section';
import './order-detail-dialog.css';

export interface OrderDetailDialogProps {
  order: AdminOrder;
  /** 'tracking' when opened through 'Update Tracking'. */
  focus: 'details' | 'tracking';
  onClose: () => void;
}

/**
 * Everything about one order: customer, items, summary, label, status and tracking, and its event history,
 * kept current while the dialog is open.
 */
export function OrderDetailDialog({ order: opened, focus, onClose }: OrderDetailDialogProps) {
  // The order shown: the one opened, or another of its customer's opened from the customer view.
  const [shown, setShown] = useState(opened);
  const [openedId, setOpenedId] = useState(opened.id);
  if (openedId !== opened.id) {
    setOpenedId(opened.id);
    setShown(opened);
  }
  // Kept current while open (`GET /api/admin/orders/{id}`, read again after every change saved, and every 2 s while
  // the shop refunds it by itself): the money and status shown are never stale.
  const order = useOrder(shown);
  // A customer's orders and figures are customer data (`exports`); returns move money (`orders.money`).
  const { may } = useAdminPermissions();
  const queryClient = useQueryClient();
  const toast = useToast();
  const openOrder = async (orderId: string) => {
    setCustomerOpen(false);
    if (orderId === order.id) return;
    try {
      const found = await queryClient.fetchQuery(orderQueryOptions(orderId));
      if (found === null) toast.error(`Order #${orderId} was not found`);
      else setShown(found);
    } catch (error) {
      toast.error(`Order #${orderId} could not be opened`, errorMessage(error));
    }
  };
  const referenceRef = useRef<InputRef>(null);
  const [customerOpen, setCustomerOpen] = useState(false);
  // Collected at the cellar door: no address, no carrier, no label; when, and the hand-over once made.
  const pickupDate = pickupDateOf(order);
  // The dialog takes the focus as it opens; only then can the tracking field have it.
  const afterOpenChange = (open: boolean) => {
    if (open && focus === 'tracking') referenceRef.current?.focus({ preventScroll: false });
  };
  return (
    <Modal
      open
      title={
        <span className="order-detail__title">
          Order #{order.id} <Tag color={orderStatusColor(order.status)}>{orderStatusLabel(order.status)}</Tag>
        </span>
      }
      onCancel={onClose}
      footer={null}
      width={820}
      afterOpenChange={afterOpenChange}
    >
      {order.needsReview ? (
        <Alert
          type="warning"
          showIcon
          className="order-detail__review"
          title="This order needs review"
          description={order.reviewReasons.length > 0 ? order.reviewReasons.join('; ') : undefined}
        />
      ) : null}

      <section className="order-detail__section" aria-label="Customer information">
        <h3>Customer Information</h3>
        <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
          <Descriptions.Item label="Name">{order.customerName}</Descriptions.Item>
          <Descriptions.Item label="Email">
            <a href={`mailto:${order.customerEmail}`}>{order.customerEmail}</a>
          </Descriptions.Item>
          <Descriptions.Item label="Phone">{order.customerPhone}</Descriptions.Item>
          {pickupDate === null ? (
            <Descriptions.Item label="Shipping address">{order.shippingAddress}</Descriptions.Item>
          ) : (
            <Descriptions.Item label="Pickup">Collect at the cellar door, {pickupWhen(pickupDate)}</Descriptions.Item>
          )}
          {pickupDate === null ? null : (
            <Descriptions.Item label="Collection">
              {order.collection
                ? `${collectedText(order.collection, order.customerName)}, checked by ${actorLabel(order.collection.by)}`
                : 'Not collected yet'}
            </Descriptions.Item>
          )}
        </Descriptions>
        {may('exports') ? (
          <>
            <Button size="small" icon={<TeamOutlined aria-hidden />} onClick={() => setCustomerOpen(true)}>
              All orders from this customer
            </Button>
            <CustomerView
              email={order.customerEmail}
              open={customerOpen}
              onClose={() => setCustomerOpen(false)}
              onOpenOrder={(orderId) => void openOrder(orderId)}
            />
          </>
        ) : null}
      </section>

      <section className="order-detail__section" aria-label="Internal notes">
        <h3>Internal notes</h3>
        <OrderNotesSection order={order} />
      </section>

      <section className="order-detail__section" aria-label="Items">
        <h3>Items</h3>
        <ul className="order-detail__items">
          {order.items.map((item) => (
            <li key={item.id}>
              <div>
                <strong>{item.product.name}</strong>
                <div className="order-detail__muted">
                  {item.product.style} · ABV {item.product.abv}%
                </div>
              </div>
              <div className="order-detail__item-price">
                <div>{itemQuantityText(item)}</div>
                <strong>{money(item.lineTotal)}</strong>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className="order-detail__section" aria-label="Order summary">
        <h3>Order Summary</h3>
        <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
          <Descriptions.Item label="Subtotal">{money(order.subtotal)}</Descriptions.Item>
          <Descriptions.Item label="Shipping">
            {money(order.shippingCost)}
            {pickupDate !== null ? ' (cellar door pickup)' : order.isPerthMetro ? ' (Perth Metro)' : ''}
          </Descriptions.Item>
          {order.discount ? (
            <Descriptions.Item label={discountLabel(order.discount)}>-{money(order.discount.amount)}</Descriptions.Item>
          ) : null}
          <Descriptions.Item label="Total">
            <strong>{money(order.totalAmount)}</strong>
          </Descriptions.Item>
          <Descriptions.Item label="GST included">{money(order.gstIncluded)}</Descriptions.Item>
          <Descriptions.Item label="Total cans">{order.totalCans}</Descriptions.Item>
          <Descriptions.Item label="Invoice number">{order.invoiceNumber ?? 'Not issued yet'}</Descriptions.Item>
          <Descriptions.Item label="Ordered">{dateTime(order.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="Paid">{order.paidAt ? dateTime(order.paidAt) : 'Not paid'}</Descriptions.Item>
          {pickupDate === null ? <Descriptions.Item label="Estimated delivery">{order.estimatedDelivery}</Descriptions.Item> : null}
          <Descriptions.Item label="Payment reference">{order.paymentIntentId ?? 'None'}</Descriptions.Item>
        </Descriptions>
      </section>

      <section className="order-detail__section" aria-label={pickupDate === null ? 'Shipping label' : 'Packing slip'}>
        <h3>{pickupDate === null ? 'Shipping Label' : 'Packing Slip'}</h3>
        <ShippingLabelSection order={order} />
      </section>

      <section className="order-detail__section" aria-label="Status and tracking">
        <h3>Status and Tracking</h3>
        <OrderTrackingForm order={order} referenceRef={referenceRef} />
      </section>

      {orderWithCustomer(order) && order.paidAt !== null && may('orders.money') ? (
        <section className="order-detail__section" aria-label="Return cans">
          <h3>Return cans</h3>
          <OrderReturnSection order={order} />
        </section>
      ) : null}

      <section className="order-detail__section" aria-label="Refunds and review">
        <h3>Refunds and Review</h3>
        <OrderReviewSection order={order} />
      </section>

      <section className="order-detail__section" aria-label="Order history">
        <h3>Order history</h3>
        <OrderHistoryTimeline orderId={order.id} />
      </section>
    </Modal>
  );
}
