import { TeamOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Skeleton, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '@/shared/api/api-error';
import { useMediaQuery } from '@/shared/browser/use-media-query';
import { MEMBER_STATUS_COLOURS, MEMBER_STATUS_WORDS, SHARE_STATUS_COLOURS, SHARE_STATUS_WORDS } from '@/shared/format/club-status';
import { money } from '@/shared/format/money';
import { perthDateTime } from '@/shared/format/perth-date-time';
import { useClubRun, useClubRuns, type ClubRunDetail, type ClubRunView } from './api/club-admin';
import { CLUB_CARDS_QUERY } from './club-layout';
import { RUN_COUNT_COLUMNS, runCounts } from './run-form-body';

type RunMember = ClubRunDetail['members'][number];

/** The admin's order, found by its number on the Active Orders tab. */
export const orderHref = (orderId: string) => `/admin?tab=active-orders&q=${encodeURIComponent(orderId)}`;

/** "the run of 1 Dec 2026, 9:00 am": a run in a button's accessible name. */
const runName = (run: ClubRunView) => `${run.planName} run of ${perthDateTime(run.chargeAt)}`;

/** Every run: when it charges, its plan and price, its members counted by where they stand, and its revenue. */
export function RunsTable() {
  const runs = useClubRuns();
  const cards = useMediaQuery(CLUB_CARDS_QUERY);
  const [open, setOpen] = useState<ClubRunView | null>(null);

  const count = (run: ClubRunView, key: (typeof RUN_COUNT_COLUMNS)[number]['key']) => (
    <span data-testid={`club-run-count-${key}`}>{runCounts(run.counts)[key]}</span>
  );
  const details = (run: ClubRunView) => (
    <Button
      size="small"
      icon={<TeamOutlined aria-hidden />}
      onClick={(event) => {
        event.stopPropagation();
        setOpen(run);
      }}
      aria-label={`Members of the ${runName(run)}`}
    >
      Members
    </Button>
  );

  const columns: TableColumnsType<ClubRunView> = [
    {
      title: 'Charge at',
      key: 'chargeAt',
      render: (_, run) => <time dateTime={run.chargeAt}>{perthDateTime(run.chargeAt)}</time>,
    },
    { title: 'Plan', key: 'plan', render: (_, run) => run.planName },
    { title: 'Price', key: 'price', align: 'right', render: (_, run) => money(run.price) },
    ...RUN_COUNT_COLUMNS.map(({ key, label }) => ({
      title: label,
      key,
      align: 'right' as const,
      render: (_: unknown, run: ClubRunView) => count(run, key),
    })),
    {
      title: 'Revenue',
      key: 'revenue',
      align: 'right',
      render: (_, run) => <span data-testid="club-run-revenue">{money(run.revenue)}</span>,
    },
    { title: 'Members', key: 'members', render: (_, run) => details(run) },
  ];

  const cardColumns: TableColumnsType<ClubRunView> = [
    {
      title: 'Runs',
      key: 'card',
      render: (_, run) => (
        <article className="club-admin-card" aria-label={runName(run)}>
          <div className="club-admin-card__top">
            <strong>
              <time dateTime={run.chargeAt}>{perthDateTime(run.chargeAt)}</time>
            </strong>
            <span>{run.planName}</span>
          </div>
          <dl className="club-admin-card__figures">
            <div>
              <dt>Price</dt>
              <dd>{money(run.price)}</dd>
            </div>
            {RUN_COUNT_COLUMNS.map(({ key, label }) => (
              <div key={key}>
                <dt>{label}</dt>
                <dd>{count(run, key)}</dd>
              </div>
            ))}
            <div>
              <dt>Revenue</dt>
              <dd data-testid="club-run-revenue">{money(run.revenue)}</dd>
            </div>
          </dl>
          {details(run)}
        </article>
      ),
    },
  ];

  if (runs.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (runs.isError) return <Alert type="error" showIcon title="The runs could not be loaded" description={errorMessage(runs.error)} />;
  return (
    <>
      <Table<ClubRunView>
        className="club-admin__table club-admin__runs"
        aria-label="Club runs"
        rowKey="runId"
        size="small"
        columns={cards ? cardColumns : columns}
        showHeader={!cards}
        dataSource={runs.data}
        pagination={false}
        scroll={cards ? undefined : { x: 'max-content' }}
        locale={{ emptyText: 'No runs yet' }}
        onRow={(run) =>
          ({
            'data-testid': 'club-run-row',
            'data-run-id': run.runId,
            onClick: () => setOpen(run),
            className: 'club-admin__clickable',
          }) as HTMLAttributes<HTMLElement>
        }
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open === null ? 'Run' : `The ${runName(open)}`}
        size="min(720px, 100vw)"
        rootClassName="club-admin__drawer"
        destroyOnHidden
      >
        {open === null ? null : <RunDetail runId={open.runId} onOpenOrder={() => setOpen(null)} />}
      </Drawer>
    </>
  );
}

/** A run and every member in it: where each stands, the charges tried, the next try, the last refusal, the order. */
function RunDetail({ runId, onOpenOrder }: { runId: string; onOpenOrder: () => void }) {
  const detail = useClubRun(runId);
  const cards = useMediaQuery(CLUB_CARDS_QUERY);
  if (detail.isPending) return <Skeleton active paragraph={{ rows: 4 }} title={false} />;
  if (detail.isError || detail.data === null)
    return (
      <Alert
        type="warning"
        showIcon
        title="The run could not be loaded"
        description={detail.isError ? errorMessage(detail.error) : undefined}
      />
    );
  const { run, members } = detail.data;

  const order = (member: RunMember) =>
    member.orderId === null ? (
      '—'
    ) : (
      <Link to={orderHref(member.orderId)} onClick={onOpenOrder}>
        #{member.orderId}
      </Link>
    );
  const shareTag = (member: RunMember) => <Tag color={SHARE_STATUS_COLOURS[member.status]}>{SHARE_STATUS_WORDS[member.status]}</Tag>;
  const memberTag = (member: RunMember) => (
    <Tag color={MEMBER_STATUS_COLOURS[member.memberStatus]}>{MEMBER_STATUS_WORDS[member.memberStatus]}</Tag>
  );
  const who = (member: RunMember) => (
    <div className="club-admin__who">
      <strong>{member.name}</strong>
      <span className="club-admin__muted">{member.email}</span>
    </div>
  );
  const nextTry = (member: RunMember) => (member.nextTryAt === null ? '—' : perthDateTime(member.nextTryAt));

  const columns: TableColumnsType<RunMember> = [
    { title: 'Member', key: 'member', render: (_, member) => who(member) },
    { title: 'In this run', key: 'status', render: (_, member) => shareTag(member) },
    { title: 'Membership', key: 'memberStatus', render: (_, member) => memberTag(member) },
    { title: 'Attempts', key: 'attempts', align: 'right', render: (_, member) => member.attempts },
    { title: 'Next try', key: 'nextTryAt', render: (_, member) => nextTry(member) },
    { title: 'Last error', key: 'lastError', render: (_, member) => member.lastError ?? '—' },
    { title: 'Order', key: 'order', render: (_, member) => order(member) },
  ];
  const cardColumns: TableColumnsType<RunMember> = [
    {
      title: 'Members',
      key: 'card',
      render: (_, member) => (
        <article className="club-admin-card" aria-label={member.name}>
          <div className="club-admin-card__top">
            {who(member)}
            {shareTag(member)}
          </div>
          <dl className="club-admin-card__figures">
            <div>
              <dt>Membership</dt>
              <dd>{memberTag(member)}</dd>
            </div>
            <div>
              <dt>Attempts</dt>
              <dd>{member.attempts}</dd>
            </div>
            <div>
              <dt>Next try</dt>
              <dd>{nextTry(member)}</dd>
            </div>
            <div>
              <dt>Order</dt>
              <dd>{order(member)}</dd>
            </div>
          </dl>
          {member.lastError === null ? null : <span className="club-admin__muted">{member.lastError}</span>}
        </article>
      ),
    },
  ];

  return (
    <div className="club-admin__detail">
      <dl className="club-admin-card__figures">
        <div>
          <dt>Charge at</dt>
          <dd>{perthDateTime(run.chargeAt)}</dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>{money(run.price)}</dd>
        </div>
        <div>
          <dt>Revenue</dt>
          <dd>{money(run.revenue)}</dd>
        </div>
      </dl>
      <ul className="club-admin__items" aria-label="Beers in the run">
        {run.items.map((item) => (
          <li key={item.productId}>
            {item.quantity} × {item.productName}
          </li>
        ))}
      </ul>
      <Table<RunMember>
        className="club-admin__table"
        aria-label="Members in the run"
        rowKey="memberId"
        size="small"
        columns={cards ? cardColumns : columns}
        showHeader={!cards}
        dataSource={members}
        pagination={false}
        scroll={cards ? undefined : { x: 'max-content' }}
        locale={{ emptyText: 'No members in this run' }}
      />
    </div>
  );
}
