import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useId } from 'react';
import type { AdminOrder } from './api/get-admin-orders';
import { dateTime, itemQuantityText, money } from './order-display';
import { orderStatusColor, orderStatusLabel } from './order-status';
import './order-card.css';

export interface OrderCardProps {
  order: AdminOrder;
  /** 'Ordered' on the active list, 'Created' on the pending one. */
  timeLabel: string;
  showItems?: boolean;
  /** A note under the figures (the pending tab's inventory note). */
  note?: ReactNode;
  actions: ReactNode;
}

/** One order in a list: who, where, how much, when, and what can be done with it. */
export function OrderCard({ order, timeLabel, showItems = false, note, actions }: OrderCardProps) {
  const headingId = useId();
  return (
    <article className={`order-card${order.needsReview ? ' order-card--review' : ''}`} aria-labelledby={headingId}>
      <header className="order-card__header">
        <h3 id={headingId} className="order-card__title">
          Order #{order.id}
        </h3>
        <div className="order-card__tags">
          <Tag color={orderStatusColor(order.status)}>{orderStatusLabel(order.status)}</Tag>
          {order.status === 'pending' ? null : order.trackingReference ? (
            <Tag color="geekblue">
              {order.trackingUrl ? (
                <a href={order.trackingUrl} target="_blank" rel="noopener noreferrer">
                  Tracking: {order.trackingReference}
                </a>
              ) : (
                `Tracking: ${order.trackingReference}`
              )}
            </Tag>
          ) : (
            <Tag>No tracking</Tag>
          )}
          {order.needsReview ? <Tag color="volcano">Needs review</Tag> : null}
        </div>
      </header>
      <div className="order-card__columns">
        <div>
          <p className="order-card__customer">{order.customerName}</p>
          <p>
            <a href={`mailto:${order.customerEmail}`}>{order.customerEmail}</a>
          </p>
          <p>
            <a href={`tel:${order.customerPhone.replace(/\s+/g, '')}`}>{order.customerPhone}</a>
          </p>
          <p className="order-card__address">{order.shippingAddress}</p>
        </div>
        <dl className="order-card__figures">
          <div>
            <dt>Subtotal</dt>
            <dd>{money(order.subtotal)}</dd>
          </div>
          <div>
            <dt>Shipping</dt>
            <dd>{money(order.shippingCost)}</dd>
          </div>
          <div>
            <dt>Total</dt>
            <dd className="order-card__total">{money(order.totalAmount)}</dd>
          </div>
          <div>
            <dt>Cans</dt>
            <dd>{order.totalCans}</dd>
          </div>
          <div className="order-card__time">
            <dt>{timeLabel}</dt>
            <dd>
              <time dateTime={order.createdAt}>{dateTime(order.createdAt)}</time>
            </dd>
          </div>
        </dl>
      </div>
      {showItems ? (
        <ul className="order-card__items" aria-label={`Items of order #${order.id}`}>
          {order.items.map((item) => (
            <li key={item.id}>
              <span>{item.product.name}</span> <span className="order-card__muted">{itemQuantityText(item)}</span>
              <span className="order-card__line-total">{money(item.lineTotal)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {note ? <div className="order-card__note">{note}</div> : null}
      <div className="order-card__actions">{actions}</div>
    </article>
  );
}
