import { Alert, Button, Descriptions, Drawer, Spin, Table, Tag } from 'antd';
import type { CustomerOrderRow } from '@brewery/shop-rules';
import { errorMessage } from '@/shared/api/api-error';
import { useCustomer } from './api/get-customer';
import { dateTime, money } from './order-display';
import { orderStatusColor, orderStatusLabel } from './order-status';

export interface CustomerViewProps {
  email: string;
  open: boolean;
  onClose: () => void;
  /** Opens one of the customer's orders in the dialog under the view, in place of the one shown. */
  onOpenOrder: (orderId: string) => void;
}

/** Everything the shop sold to one e-mail address: the figures, then each order (one tap opens it). */
export function CustomerView({ email, open, onClose, onOpenOrder }: CustomerViewProps) {
  const customer = useCustomer(email, open);
  const view = customer.data;
  return (
    <Drawer open={open} onClose={onClose} title={`Customer: ${email}`} size="large" destroyOnHidden>
      {customer.isPending ? <Spin /> : null}
      {customer.isError ? (
        <Alert type="error" showIcon title="Could not load the customer" description={errorMessage(customer.error)} />
      ) : null}
      {view ? (
        <>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} aria-label="Customer figures">
            <Descriptions.Item label="Name">{view.name}</Descriptions.Item>
            <Descriptions.Item label="Phone">{view.phone}</Descriptions.Item>
            <Descriptions.Item label="Orders">
              {view.orderCount} ({view.paidOrderCount} paid)
            </Descriptions.Item>
            <Descriptions.Item label="Total spent">
              <strong>{money(view.totalSpent)}</strong>
            </Descriptions.Item>
            <Descriptions.Item label="First order">{dateTime(view.firstOrderAt)}</Descriptions.Item>
            <Descriptions.Item label="Last order">{dateTime(view.lastOrderAt)}</Descriptions.Item>
          </Descriptions>
          <Table<CustomerOrderRow>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={view.orders}
            aria-label="Orders of this customer"
            columns={[
              {
                title: 'Order',
                render: (_, order) => (
                  <Button type="link" size="small" className="customer-view__order" onClick={() => onOpenOrder(order.id)}>
                    #{order.id}
                  </Button>
                ),
              },
              { title: 'Ordered', render: (_, order) => dateTime(order.createdAt) },
              { title: 'Status', render: (_, order) => <Tag color={orderStatusColor(order.status)}>{orderStatusLabel(order.status)}</Tag> },
              {
                title: 'Total',
                align: 'right',
                render: (_, order) => (
                  <>
                    {money(order.totalAmount)}
                    {order.refundedAmount !== '0.00' ? (
                      <div className="order-detail__muted">{money(order.refundedAmount)} refunded</div>
                    ) : null}
                  </>
                ),
              },
            ]}
          />
        </>
      ) : null}
    </Drawer>
  );
}
