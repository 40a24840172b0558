import { HistoryOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Drawer, Modal, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { useMediaQuery } from '@/shared/browser/use-media-query';
import { money } from '@/shared/format/money';
import { perthDateTime } from '@/shared/format/perth-date-time';
import { useToast } from '@/shared/ui/toast/use-toast';
import { useDisableDiscountCode, type DiscountCodeView } from './api/discount-codes';
import { DiscountCodeHistory } from './discount-code-history';

/** Below this width each code is a card, not a table wider than the phone. */
export const CODES_CARDS_QUERY = '(max-width: 599px)';

export type CodeStatus = 'active' | 'scheduled' | 'expired' | 'used_up' | 'all_held' | 'disabled';

/**
 * Where a code stands now: disabled, ended, not started, every use paid, every use taken by paid orders and
 * checkouts still open (a use comes back if such a checkout ends unpaid), or taking orders.
 */
export function codeStatus(view: DiscountCodeView, now: number): CodeStatus {
  if (view.disabled) return 'disabled';
  if (view.endsAt !== null && Date.parse(view.endsAt) <= now) return 'expired';
  if (view.startsAt !== null && Date.parse(view.startsAt) > now) return 'scheduled';
  if (view.maxUses !== null && view.uses.paid >= view.maxUses) return 'used_up';
  if (view.maxUses !== null && view.uses.paid + view.uses.held >= view.maxUses) return 'all_held';
  return 'active';
}

const STATUS_TAGS: Record<CodeStatus, { label: string; color?: string }> = {
  active: { label: 'Active', color: 'green' },
  scheduled: { label: 'Not started', color: 'blue' },
  expired: { label: 'Expired' },
  used_up: { label: 'Used up', color: 'gold' },
  all_held: { label: 'All uses held', color: 'gold' },
  disabled: { label: 'Disabled', color: 'red' },
};

function statusTag(view: DiscountCodeView, now: number) {
  const { label, color } = STATUS_TAGS[codeStatus(view, now)];
  return <Tag color={color}>{label}</Tag>;
}

/** "1 can", "16 cans". */
export const count = (n: number, one: string, many: string): string => `${n.toLocaleString('en-AU')} ${n === 1 ? one : many}`;

/** The code's limits in words, one a line; "No limits" for a code any order can use. */
export function limitsOf(view: DiscountCodeView, beerName: (id: string) => string): string[] {
  const limits: string[] = [];
  if (view.minCans !== null) limits.push(`At least ${count(view.minCans, 'can', 'cans')}`);
  if (view.maxUses !== null) limits.push(`Up to ${count(view.maxUses, 'order', 'orders')}`);
  if (view.onePerCustomer) limits.push('Once per customer');
  if (view.startsAt !== null) limits.push(`From ${perthDateTime(view.startsAt)}`);
  if (view.endsAt !== null) limits.push(`Until ${perthDateTime(view.endsAt)}`);
  if (view.productIds !== null) limits.push(`Only ${view.productIds.map(beerName).join(', ')}`);
  return limits.length === 0 ? ['No limits'] : limits;
}

/** "2 paid · 1 held" (held: checkouts not paid yet, each holding a use). */
export function usesOf(view: DiscountCodeView): string {
  return `${view.uses.paid} paid · ${view.uses.held} held`;
}

export interface DiscountCodesTableProps {
  codes: readonly DiscountCodeView[];
  /** A beer's name by its id (its id while the beers are not loaded). */
  beerName: (id: string) => string;
  /** When the list was read (epoch ms): a code's status is as of then. */
  readAt: number;
}

/** What the paid orders kept (after refunds), and what was refunded when anything was: "$77.00 ($10.00 refunded)". */
function revenueOf(view: DiscountCodeView): string {
  return Number(view.refunded) > 0 ? `${money(view.revenue)} (${money(view.refunded)} refunded)` : money(view.revenue);
}

/**
 * Every code: its offer, its limits, its uses (paid, and held by checkouts in progress), the revenue of its paid
 * orders and the discount they were given, and where it stands; with its history and a Disable (asked first). On a
 * phone each code is a card.
 */
export function DiscountCodesTable({ codes, beerName, readAt }: DiscountCodesTableProps) {
  const cards = useMediaQuery(CODES_CARDS_QUERY);
  const disable = useDisableDiscountCode();
  const toast = useToast();
  // The confirmations render through this table's own holder, inside the admin's theme.
  const [modal, modalHolder] = Modal.useModal();
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  // Where each code stands, as of when the list was read.
  const now = readAt;

  const confirmDisable = (view: DiscountCodeView) =>
    void modal.confirm({
      title: `Disable ${view.code}?`,
      className: 'discounts-confirm',
      content: 'It stops working at once for new checkouts. Checkouts already holding it, and orders paid with it, keep their discount.',
      okText: 'Disable',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () =>
        disable.mutateAsync(view.code).then(
          () => toast.success('Code disabled', `${view.code} can no longer be used`),
          (error: unknown) => toast.error('The code could not be disabled', errorMessage(error)),
        ),
    });

  const actions = (view: DiscountCodeView) => (
    <div className="discounts-table__actions">
      <Button
        size="small"
        icon={<HistoryOutlined aria-hidden />}
        onClick={() => setHistoryOf(view.code)}
        aria-label={`History of ${view.code}`}
      >
        History
      </Button>
      {view.disabled ? null : (
        <Button
          size="small"
          danger
          icon={<StopOutlined aria-hidden />}
          onClick={() => confirmDisable(view)}
          aria-label={`Disable ${view.code}`}
        >
          Disable
        </Button>
      )}
    </div>
  );

  const code = (view: DiscountCodeView) => (
    <div className="discounts-table__code">
      <strong>{view.code}</strong>
      <span>{view.description}</span>
    </div>
  );

  const limits = (view: DiscountCodeView) => (
    <ul className="discounts-table__limits">
      {limitsOf(view, beerName).map((limit) => (
        <li key={limit}>{limit}</li>
      ))}
    </ul>
  );

  const columns: TableColumnsType<DiscountCodeView> = [
    { title: 'Code', key: 'code', render: (_, view) => code(view) },
    { title: 'Limits', key: 'limits', render: (_, view) => limits(view) },
    { title: 'Uses', key: 'uses', render: (_, view) => usesOf(view) },
    { title: 'Revenue', key: 'revenue', align: 'right', render: (_, view) => revenueOf(view) },
    { title: 'Discount given', key: 'discountGiven', align: 'right', render: (_, view) => money(view.discountGiven) },
    { title: 'Status', key: 'status', render: (_, view) => statusTag(view, now) },
    { title: 'Actions', key: 'actions', render: (_, view) => actions(view) },
  ];

  const cardColumns: TableColumnsType<DiscountCodeView> = [
    {
      title: 'Codes',
      key: 'card',
      render: (_, view) => (
        <article className="discounts-card" aria-label={view.code}>
          <div className="discounts-card__top">
            {code(view)}
            {statusTag(view, now)}
          </div>
          {limits(view)}
          <dl className="discounts-card__figures">
            <div>
              <dt>Uses</dt>
              <dd>{usesOf(view)}</dd>
            </div>
            <div>
              <dt>Revenue</dt>
              <dd>{revenueOf(view)}</dd>
            </div>
            <div>
              <dt>Discount given</dt>
              <dd>{money(view.discountGiven)}</dd>
            </div>
          </dl>
          {actions(view)}
        </article>
      ),
    },
  ];

  return (
    <>
      {modalHolder}
      <Table<DiscountCodeView>
        className="discounts-table"
        aria-label="Discount codes"
        rowKey="code"
        size="small"
        columns={cards ? cardColumns : columns}
        showHeader={!cards}
        dataSource={[...codes]}
        pagination={false}
        scroll={cards ? undefined : { x: 'max-content' }}
        rowClassName={(view) => (view.disabled ? 'discounts-table__row--disabled' : '')}
        locale={{ emptyText: 'No codes yet' }}
      />
      <Drawer
        open={historyOf !== null}
        onClose={() => setHistoryOf(null)}
        title={historyOf === null ? 'History' : `History of ${historyOf}`}
        size="min(560px, 100vw)"
        rootClassName="discounts-drawer"
        destroyOnHidden
      >
        {historyOf === null ? null : <DiscountCodeHistory code={historyOf} />}
      </Drawer>
    </>
  );
}
