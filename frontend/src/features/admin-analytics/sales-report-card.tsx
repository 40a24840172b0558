import { packSizeLabel } from '@brewery/shop-rules';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Form, Statistic, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { useToast } from '@/shared/ui/toast/use-toast';
import { useExportSalesReport } from './api/export-sales-report';
import type { ReportPeriod, SalesReport, SalesReportLine } from './api/sales-report';
import { useGenerateSalesReport } from './api/sales-report';
import { money } from '@/shared/format/money';
import { ANALYTICS_TEXTS, BOOKS_DIFFER, generatedReportText } from './analytics-texts';
import { BarChart, ColumnChart } from './bar-charts';
import { defaultPeriod } from './period-dates';
import { PeriodFields } from './period-fields';
import { cansSeries, cansSummary, revenueSeries, revenueSummary } from './report-series';
import { saveFile } from '@/shared/browser/save-file';
import { useMediaQuery } from '@/shared/browser/use-media-query';
import { useAdminPermissions } from '@/shared/admin-access/admin-permissions';

/** Below this width the report's lines are cards: every figure of a line in view, none cut off at the right. */
export const REPORT_CARDS_QUERY = '(max-width: 599px)';

const cans = (value: number): string => `${value} cans`;

/** A refund's or a discount code's line: money off, no beer bought and no cans. */
const moneyOnly = (line: SalesReportLine): boolean => line.refund === true || line.discount === true;

const bought = (line: SalesReportLine): string => (moneyOnly(line) ? '—' : `${line.packs} × ${packSizeLabel(line.packSize)}`);

const columns: TableColumnsType<SalesReportLine> = [
  { title: 'Order', dataIndex: 'orderId', render: (orderId: string) => `#${orderId}` },
  { title: 'Date', dataIndex: 'date' },
  { title: 'Beer', dataIndex: 'productName' },
  { title: 'Bought', key: 'bought', render: (_, line) => bought(line) },
  { title: 'Cans', dataIndex: 'quantity', align: 'right' },
  { title: 'Unit price', dataIndex: 'unitPrice', align: 'right', render: (value: string) => money(value) },
  { title: 'Line total', dataIndex: 'lineTotal', align: 'right', render: (value: string) => money(value) },
];

/** A line as a card on a phone: order and day, the beer, what was bought and the money, each on a line of its own. */
const cardColumns: TableColumnsType<SalesReportLine> = [
  {
    title: 'Lines',
    key: 'card',
    render: (_, line) => (
      <article className="analytics__line-card" aria-label={`Order #${line.orderId}, ${line.productName}`}>
        <div className="analytics__line-card-top">
          <strong>#{line.orderId}</strong>
          <span>{line.date}</span>
        </div>
        <div className="analytics__line-card-beer">{line.productName}</div>
        <dl className="analytics__line-card-figures">
          {moneyOnly(line) ? null : (
            <>
              <dt>Bought</dt>
              <dd>{bought(line)}</dd>
              <dt>Cans</dt>
              <dd>{line.quantity}</dd>
              <dt>Unit price</dt>
              <dd>{money(line.unitPrice)}</dd>
            </>
          )}
          <dt>Line total</dt>
          <dd>{money(line.lineTotal)}</dd>
        </dl>
      </article>
    ),
  },
];

interface GeneratedReport extends SalesReport {
  period: ReportPeriod;
}

export function SalesReportCard() {
  const toast = useToast();
  const [form] = Form.useForm<ReportPeriod>();
  const generate = useGenerateSalesReport();
  const exporter = useExportSalesReport();
  const [report, setReport] = useState<GeneratedReport | null>(null);
  const initialValues = useMemo(() => defaultPeriod(new Date()), []);
  const cards = useMediaQuery(REPORT_CARDS_QUERY);
  const mayExport = useAdminPermissions().may('exports');

  const onGenerate = (period: ReportPeriod) =>
    generate.mutate(period, {
      onSuccess: (answer) => {
        setReport({ ...answer, period });
        toast.success(generatedReportText(answer.lines.length));
      },
      onError: (error) => toast.error(ANALYTICS_TEXTS.reportFailed, errorMessage(error)),
    });

  const onExport = async () => {
    let period: ReportPeriod;
    try {
      period = await form.validateFields();
    } catch {
      return; // the form shows which date is missing
    }
    exporter.mutate(period, {
      onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
      onError: (error) => toast.error(ANALYTICS_TEXTS.exportFailed, errorMessage(error)),
    });
  };

  const revenue = report === null ? [] : revenueSeries(report.summary.revenueByDay, report.period.startDate, report.period.endDate);
  const beers = report === null ? [] : cansSeries(report.summary.cansByBeer);

  return (
    <Card title="Sales Report" size="small">
      <Form
        name="sales-report"
        form={form}
        layout="inline"
        initialValues={initialValues}
        onFinish={onGenerate}
        className="analytics__report-form"
      >
        <PeriodFields startLabel="Start date" endLabel="End date" />
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={generate.isPending}>
            Generate Report
          </Button>
        </Form.Item>
        {mayExport ? (
          <Form.Item>
            <Button icon={<DownloadOutlined aria-hidden />} loading={exporter.isPending} onClick={() => void onExport()}>
              Export to CSV
            </Button>
          </Form.Item>
        ) : null}
      </Form>

      {report !== null ? (
        <div className="analytics__report">
          <div className="analytics__report-summary">
            <Statistic title="Line items" value={report.summary.lineItems} />
            <Statistic title="Total cans" value={report.summary.totalCans} />
            <Statistic title="Discounts (taken off)" value={money(report.summary.discounts)} />
            <Statistic title="Total revenue" value={money(report.summary.totalRevenue)} />
          </div>
          <p className="analytics__differs">
            <strong>How this differs from the GST summary:</strong> {BOOKS_DIFFER.salesReport}
          </p>
          <div className="analytics__charts">
            <ColumnChart
              title="Revenue per day"
              summary={revenueSummary(revenue, money)}
              data={revenue}
              formatValue={money}
              labelHeading="Day"
              valueHeading="Revenue"
              emptyText="No sales in this period"
            />
            <BarChart
              title="Cans sold per beer"
              summary={cansSummary(beers)}
              data={beers}
              formatValue={cans}
              labelHeading="Beer"
              valueHeading="Cans"
              emptyText="No cans sold in this period"
            />
          </div>
          <Table<SalesReportLine>
            rowKey="id"
            size="small"
            className={cards ? 'analytics__line-cards' : undefined}
            columns={cards ? cardColumns : columns}
            showHeader={!cards}
            dataSource={report.lines}
            locale={{ emptyText: 'No sales in this period' }}
            scroll={cards ? undefined : { x: 'max-content' }}
            pagination={{ pageSize: 25, hideOnSinglePage: true }}
          />
        </div>
      ) : null}
    </Card>
  );
}
