import { formatPrice } from '@brewery/shop-rules';
import { Card, Empty, Typography } from 'antd';
import type { SystemStatus } from './api/get-system-status';
import { automationIssueCount } from './system-problems';
import { perthDateTime } from '@/shared/format/perth-date-time';

const money = (value: string | number): string => formatPrice(Number(value));
const time = perthDateTime;

/** What the provider's status means for the operator, in a sentence. */
function providerSays(status: string | null): string {
  switch (status) {
    case 'succeeded':
      return 'The payment provider has it paid: Auto-Fix recovers its order.';
    case 'requires_capture':
      return 'The payment provider has the card authorised: Auto-Fix recovers its order and takes the payment.';
    case 'canceled':
      return 'The payment provider cancelled it: Auto-Fix records that.';
    case null:
      return 'The payment provider did not answer about it.';
    default:
      return `The payment provider reports it as ${status.replaceAll('_', ' ')}: nothing was paid.`;
  }
}

export function AutomationIssuesCard({ status }: { status: SystemStatus }) {
  const issues = status.automation_issues;
  const orders = issues.orders_needing_attention;
  const payments = issues.payments_without_order;
  const stale = issues.stale_payments;
  const reservations = issues.expired_reservations;
  const emails = issues.failed_emails;
  const count = automationIssueCount(status);
  const none = count === 0;
  return (
    <Card size="small" title="Automation Issues" extra={none ? null : <span>{count === 1 ? '1 issue' : `${count} issues`}</span>}>
      {none ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No automation issues" />
      ) : (
        <div className="system__issues">
          {orders.length > 0 ? (
            <section aria-label="Orders needing attention">
              <Typography.Title level={5}>Orders needing attention</Typography.Title>
              <ul>
                {orders.map((order) => (
                  <li key={order.id}>
                    <strong>Order #{order.id}</strong> ({order.status}) {order.customerName} &lt;{order.customerEmail}&gt;,{' '}
                    {money(order.totalAmount)}
                    {order.invoiceNumber ? `, invoice ${order.invoiceNumber}` : ''}, {time(order.createdAt)}
                    <div className="system__issue-text">{order.issue}</div>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {payments.length > 0 ? (
            <section aria-label="Payments without an order">
              <Typography.Title level={5}>Payments without an order</Typography.Title>
              <ul>
                {payments.map((payment) => (
                  <li key={payment.paymentIntentId}>
                    <Typography.Text code>{payment.paymentIntentId}</Typography.Text> {money(payment.amount)}, {time(payment.createdAt)}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {stale.length > 0 ? (
            <section aria-label="Payments not heard of">
              <Typography.Title level={5}>Payments not heard of for 15 minutes</Typography.Title>
              <ul>
                {stale.map((payment) => (
                  <li key={payment.paymentIntentId}>
                    <Typography.Text code>{payment.paymentIntentId}</Typography.Text>
                    {payment.orderId === null ? '' : ` (Order #${payment.orderId})`} {money(payment.amount)}, {time(payment.createdAt)}
                    <div className="system__issue-text">{providerSays(payment.providerStatus)}</div>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {reservations.length > 0 ? (
            <section aria-label="Expired reservations">
              <Typography.Title level={5}>Expired reservations</Typography.Title>
              <ul>
                {reservations.map((reservation) => (
                  <li key={reservation.orderId}>
                    Order #{reservation.orderId}, expired {time(reservation.expiredAt)}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {emails.length > 0 ? (
            <section aria-label="Failed e-mails">
              <Typography.Title level={5}>Failed e-mails</Typography.Title>
              <ul>
                {emails.map((email) => (
                  <li key={email.key}>
                    {email.subject} to {email.to}
                    {email.error ? <div className="system__issue-text">{email.error}</div> : null}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      )}
    </Card>
  );
}
