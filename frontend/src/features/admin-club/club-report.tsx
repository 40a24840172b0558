import { CLUB_MEMBER_STATUSES } from '@brewery/shop-rules';
import { Alert, Skeleton, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { errorMessage } from '@/shared/api/api-error';
import { MEMBER_STATUS_WORDS } from '@/shared/format/club-status';
import { money } from '@/shared/format/money';
import { perthDateTime } from '@/shared/format/perth-date-time';
import { useClubReport, type ClubReport as Report } from './api/club-admin';

type RunLine = Report['runs'][number];
type MonthLine = Report['months'][number];

const MONTH = new Intl.DateTimeFormat('en-AU', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "2026-11" as "November 2026"; anything else as it is. */
export function monthWords(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (match === null) return month;
  return MONTH.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}

/** Members by status, and the club's revenue (net of refunds) per run and per Perth month. */
export function ClubReportSection() {
  const report = useClubReport();
  if (report.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (report.isError || report.data === null)
    return (
      <Alert
        type="error"
        showIcon
        title="The report could not be loaded"
        description={report.isError ? errorMessage(report.error) : undefined}
      />
    );
  const { members, runs, months } = report.data;

  const runColumns: TableColumnsType<RunLine> = [
    { title: 'Run', key: 'run', render: (_, run) => `${run.planName}, ${perthDateTime(run.chargeAt)}` },
    { title: 'Orders', key: 'orders', align: 'right', render: (_, run) => run.orders },
    { title: 'Revenue', key: 'revenue', align: 'right', render: (_, run) => money(run.revenue) },
  ];
  const monthColumns: TableColumnsType<MonthLine> = [
    { title: 'Month', key: 'month', render: (_, line) => monthWords(line.month) },
    { title: 'Orders', key: 'orders', align: 'right', render: (_, line) => line.orders },
    { title: 'Revenue', key: 'revenue', align: 'right', render: (_, line) => money(line.revenue) },
  ];

  return (
    <div className="club-admin__report">
      <dl className="club-admin-card__figures club-admin__member-counts" aria-label="Members by status">
        {CLUB_MEMBER_STATUSES.map((status) => (
          <div key={status}>
            <dt>{MEMBER_STATUS_WORDS[status]}</dt>
            <dd data-testid={`club-report-${status}`}>{members[status] ?? 0}</dd>
          </div>
        ))}
      </dl>
      <div className="club-admin__report-tables">
        <Table<RunLine>
          className="club-admin__table"
          aria-label="Revenue per run"
          title={() => 'Revenue per run'}
          rowKey="runId"
          size="small"
          columns={runColumns}
          dataSource={runs}
          pagination={false}
          locale={{ emptyText: 'No runs charged yet' }}
        />
        <Table<MonthLine>
          className="club-admin__table"
          aria-label="Revenue per month"
          title={() => 'Revenue per month (Perth)'}
          rowKey="month"
          size="small"
          columns={monthColumns}
          dataSource={months}
          pagination={false}
          locale={{ emptyText: 'No revenue yet' }}
        />
      </div>
    </div>
  );
}
