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
import { ANALYTICS_TEXTS, generatedReportText } from './analytics-texts';
import { BarChart, ColumnChart } from './bar-charts';
import { defaultPeriod } from './period-dates';
import { PeriodFields } from './period-fields';
import { cansSeries, cansSummary, revenueSeries, revenueSummary } from './report-series';
import { saveFile } from '@/shared/browser/save-file';

const cans = (value: number): string => `${value} cans`;

const columns: TableColumnsType<SalesReportLine> = [
  { title: 'Order', dataIndex: 'orderId', render: (orderId: string) => `#${orderId}` },
  { title: 'Date', dataIndex: 'date' },
  { title: 'Beer', dataIndex: 'productName' },
  {
    title: 'Bought',
    key: 'bought',
    render: (_, line) => (line.refund === true ? '—' : `${line.packs} × ${packSizeLabel(line.packSize)}`),
  },
  { title: 'Cans', dataIndex: 'quantity', align: 'right' },
  { title: 'Unit price', dataIndex: 'unitPrice', align: 'right', render: (value: string) => money(value) },
  { title: 'Line total', dataIndex: 'lineTotal', align: 'right', render: (value: string) => money(value) },
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
        <Form.Item>
          <Button icon={<DownloadOutlined aria-hidden />} loading={exporter.isPending} onClick={() => void onExport()}>
            Export to CSV
          </Button>
        </Form.Item>
      </Form>

      {report !== null ? (
        <div className="analytics__report">
          <div className="analytics__report-summary">
            <Statistic title="Line items" value={report.summary.lineItems} />
            <Statistic title="Total cans" value={report.summary.totalCans} />
            <Statistic title="Total revenue" value={money(report.summary.totalRevenue)} />
          </div>
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
            columns={columns}
            dataSource={report.lines}
            locale={{ emptyText: 'No sales in this period' }}
            scroll={{ x: 'max-content' }}
            pagination={{ pageSize: 25, hideOnSinglePage: true }}
          />
        </div>
      ) : null}
    </Card>
  );
}
