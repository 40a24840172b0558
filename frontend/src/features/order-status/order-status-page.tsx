import { Alert, Button, Form, Input, Spin, Tag } from 'antd';
import type { InputRef } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { COLLECTION_REMINDER, discountLabel } from '@brewery/shop-rules';
import { errorMessage } from '@/shared/api/api-error';
import { PageMeta } from '@/shared/ui/page-meta';
import { useFindOrder, useOrderByLink, type OrderLookup, type OrderStatusView } from './api/order-status';
import './order-status-page.css';

export const ORDER_STATUS_TITLE = 'Order status';
export const ORDER_STATUS_INTRO = 'Enter your order number and the e-mail address you ordered with: both are in your confirmation e-mail.';

const STATUS_COLOURS: Readonly<Record<string, string>> = {
  pending: 'gold',
  paid: 'blue',
  packed_awaiting_pickup: 'cyan',
  shipped: 'geekblue',
  delivered: 'green',
  cancelled: 'default',
};

const perthDate = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-AU', { timeZone: 'Australia/Perth', day: 'numeric', month: 'long', year: 'numeric' });

/**
 * `/order-status`: the customer finds an order again by its number and e-mail address, or straight from the
 * signed link (`?t=`) of the confirmation e-mail or the success page, and sees its status, items, totals,
 * delivery, tracking and tax invoice.
 */
export function OrderStatusPage({ shopHref }: { shopHref: string }) {
  const [params, setParams] = useSearchParams();
  const token = params.get('t');
  const byLink = useOrderByLink(token);
  const find = useFindOrder();
  const [found, setFound] = useState<OrderStatusView | null>(null);
  const order = found ?? byLink.data ?? null;
  const heading = useRef<HTMLHeadingElement>(null);
  const formHeading = useRef<HTMLHeadingElement>(null);
  // Set by "Look up another order": once the form is back, its heading takes the focus.
  const focusForm = useRef(false);
  useEffect(() => {
    if (!focusForm.current || order !== null) return;
    focusForm.current = false;
    formHeading.current?.focus();
  }, [order]);

  // The order found takes the focus (its heading), so a screen reader hears it and a phone shows it.
  useEffect(() => {
    if (order !== null) heading.current?.focus();
  }, [order]);

  const lookUp = async (values: OrderLookup) => {
    try {
      const view = await find.mutateAsync({ orderNumber: values.orderNumber.trim(), email: values.email.trim() });
      setFound(view);
      // The page's address becomes the order's signed link: a reload or a bookmark comes back to it.
      const link = new URLSearchParams(view.statusUrl.split('?')[1] ?? '').get('t');
      if (link !== null) setParams({ t: link }, { replace: true });
    } catch {
      // Shown below the form from the mutation's error, tied to both fields; the order number takes the focus
      // (the button, disabled while waiting, had it).
      setTimeout(() => orderNumberInput.current?.focus(), 0);
    }
  };
  const orderNumberInput = useRef<InputRef>(null);
  const errorId = useId();
  const refused = find.isError ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};

  const linkFailed = token !== null && byLink.isError && found === null;
  return (
    <main id="main-content" className="page page--narrow order-status">
      <PageMeta title={order === null ? ORDER_STATUS_TITLE : `Order #${order.orderNumber}`} noindex />
      {order !== null ? (
        <OrderDetails
          order={order}
          headingRef={heading}
          onAnother={() => {
            setFound(null);
            find.reset();
            setParams({}, { replace: true });
            // The form comes back under the page's heading, which takes the focus.
            focusForm.current = true;
          }}
        />
      ) : token !== null && byLink.isPending ? (
        <div className="order-status__loading">
          <Spin size="large" description="Finding your order" />
        </div>
      ) : (
        <>
          <h1 className="page__title" tabIndex={-1} ref={formHeading}>
            {ORDER_STATUS_TITLE}
          </h1>
          <p className="order-status__intro">{ORDER_STATUS_INTRO}</p>
          {linkFailed ? (
            <Alert
              type="warning"
              showIcon
              className="order-status__alert"
              title="This link does not open an order. Please look it up below."
            />
          ) : null}
          <Form<OrderLookup>
            layout="vertical"
            requiredMark={false}
            onFinish={(values) => void lookUp(values)}
            className="order-status__form"
            disabled={find.isPending}
          >
            <Form.Item
              name="orderNumber"
              label="Order number"
              rules={[{ required: true, whitespace: true, message: 'Please enter your order number' }]}
            >
              <Input ref={orderNumberInput} inputMode="numeric" autoComplete="off" placeholder="e.g. 1042" size="large" {...refused} />
            </Form.Item>
            <Form.Item
              name="email"
              label="E-mail address"
              rules={[{ required: true, whitespace: true, message: 'Please enter the e-mail address you ordered with' }]}
            >
              <Input type="email" autoComplete="email" size="large" {...refused} />
            </Form.Item>
            <div className="order-status__error" id={errorId}>
              {find.isError ? <Alert type="error" showIcon title={errorMessage(find.error)} /> : null}
            </div>
            <Button type="primary" htmlType="submit" size="large" block loading={find.isPending}>
              Find my order
            </Button>
          </Form>
          <p className="order-status__back">
            <a href={shopHref}>Back to the shop</a>
          </p>
        </>
      )}
    </main>
  );
}

interface OrderDetailsProps {
  order: OrderStatusView;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onAnother: () => void;
}

function OrderDetails({ order, headingRef, onAnother }: OrderDetailsProps) {
  return (
    <article className="order-status__order" aria-labelledby="order-status-heading">
      <h1 id="order-status-heading" className="page__title" tabIndex={-1} ref={headingRef}>
        Order #{order.orderNumber}
      </h1>
      <p className="order-status__state">
        <Tag color={STATUS_COLOURS[order.status] ?? 'default'} className="order-status__tag" data-testid="order-status-label">
          {order.statusLabel}
        </Tag>
        <span>Placed {perthDate(order.placedAt)}</span>
      </p>

      {order.fulfilment.method === 'pickup' ? (
        <section className="order-status__card" aria-labelledby="order-status-delivery">
          <h2 id="order-status-delivery" className="order-status__subheading">
            Collection
          </h2>
          <p>
            Collect {order.estimatedDelivery} at {order.deliverTo}.
          </p>
          {order.status === 'cancelled' || order.status === 'delivered' ? null : <p>{COLLECTION_REMINDER}</p>}
        </section>
      ) : (
        <section className="order-status__card" aria-labelledby="order-status-delivery">
          <h2 id="order-status-delivery" className="order-status__subheading">
            Delivery
          </h2>
          <p>
            To {order.deliverTo}. Estimated delivery: {order.estimatedDelivery}.
          </p>
          {order.trackingReference !== null ? (
            <p>
              Tracking: <strong>{order.trackingReference}</strong>
              {order.trackingUrl !== null ? (
                <>
                  {' '}
                  <a href={order.trackingUrl} target="_blank" rel="noopener noreferrer">
                    Track with Australia Post
                  </a>
                </>
              ) : null}
            </p>
          ) : order.status === 'cancelled' ? null : (
            <p>You&apos;ll receive tracking details when your order ships.</p>
          )}
        </section>
      )}

      <section className="order-status__card" aria-labelledby="order-status-items">
        <h2 id="order-status-items" className="order-status__subheading">
          Items
        </h2>
        <ul className="order-status__items">
          {order.items.map((item, index) => (
            <li key={`${item.name}-${item.packSize}-${index}`} className="order-status__item">
              <span>
                {item.name}
                <span className="order-status__count">
                  {item.packSize === 'single'
                    ? `${item.cans} single ${item.cans === 1 ? 'can' : 'cans'}`
                    : `${item.packs} × ${item.packLabel} (${item.cans} cans)`}
                </span>
              </span>
              <span className="order-status__price">${item.lineTotal}</span>
            </li>
          ))}
        </ul>
        <dl className="order-status__totals">
          <div>
            <dt>Subtotal</dt>
            <dd>${order.subtotal}</dd>
          </div>
          <div>
            <dt>Shipping</dt>
            <dd>${order.shipping}</dd>
          </div>
          {order.discount !== null ? (
            <div>
              <dt>{discountLabel(order.discount)}</dt>
              <dd>-${order.discount.amount}</dd>
            </div>
          ) : null}
          <div className="order-status__total">
            <dt>Total</dt>
            <dd>${order.total}</dd>
          </div>
          <div>
            <dt>GST included</dt>
            <dd>${order.gstIncluded}</dd>
          </div>
          {order.refunded !== null ? (
            <div>
              <dt>Refunded</dt>
              <dd>${order.refunded}</dd>
            </div>
          ) : null}
        </dl>
      </section>

      <section className="order-status__card" aria-labelledby="order-status-payment">
        <h2 id="order-status-payment" className="order-status__subheading">
          Payment and invoice
        </h2>
        {order.paymentReference !== null ? (
          <p>
            Payment reference: <strong>{order.paymentReference}</strong>
          </p>
        ) : (
          <p>Not paid: nothing was charged for this order.</p>
        )}
        {order.invoiceUrl !== null ? (
          <p>
            <a
              href={order.invoiceUrl}
              target="_blank"
              rel="noopener"
              download={`tax-invoice-${order.invoiceNumber ?? order.orderNumber}.pdf`}
            >
              Download tax invoice {order.invoiceNumber} (PDF)
            </a>
          </p>
        ) : null}
      </section>

      <p className="order-status__back">
        <Button type="link" onClick={onAnother}>
          Look up another order
        </Button>
      </p>
    </article>
  );
}
