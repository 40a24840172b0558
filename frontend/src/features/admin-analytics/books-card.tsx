import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Form, Statistic } from 'antd';
import { useMemo, useState } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { saveFile } from '@/shared/browser/save-file';
import { useAdminPermissions } from '@/shared/admin-access/admin-permissions';
import { useToast } from '@/shared/ui/toast/use-toast';
import { useExportGst, useExportOrders, useGstSummary, type GstSummary } from './api/books';
import type { ReportPeriod } from './api/sales-report';
import { money } from '@/shared/format/money';
import { defaultPeriod } from './period-dates';
import { PeriodFields } from './period-fields';
import { BOOKS_DIFFER } from './analytics-texts';

/**
 * The books: every order of a period as a spreadsheet (customer, address, items, GST, refunds, tracking), and
 * the period's GST for the BAS (sales when paid, refunds when made).
 */
export function BooksCard() {
  const toast = useToast();
  const [form] = Form.useForm<ReportPeriod>();
  const initialValues = useMemo(() => defaultPeriod(new Date()), []);
  const orders = useExportOrders();
  const gst = useGstSummary();
  const gstFile = useExportGst();
  const [summary, setSummary] = useState<GstSummary | null>(null);
  // The exports are customer data (`exports`); the GST summary itself is a report.
  const mayExport = useAdminPermissions().may('exports');

  const withPeriod = async (run: (period: ReportPeriod) => void) => {
    try {
      run(await form.validateFields());
    } catch {
      // The form shows which date is missing.
    }
  };
  const failed = (error: unknown) => toast.error('The books could not be fetched', errorMessage(error));
  const saved = { onSuccess: ({ blob, fileName }: { blob: Blob; fileName: string }) => saveFile(blob, fileName), onError: failed };

  return (
    <Card title="The Books" size="small">
      <Form
        name="books"
        aria-label="Books period"
        form={form}
        layout="inline"
        initialValues={initialValues}
        className="analytics__report-form"
      >
        <PeriodFields startLabel="From" endLabel="To" />
        {mayExport ? (
          <Form.Item>
            <Button
              icon={<DownloadOutlined aria-hidden />}
              loading={orders.isPending}
              onClick={() => void withPeriod((period) => orders.mutate(period, saved))}
            >
              Export orders (CSV)
            </Button>
          </Form.Item>
        ) : null}
        <Form.Item>
          <Button
            loading={gst.isPending}
            onClick={() => void withPeriod((period) => gst.mutate(period, { onSuccess: setSummary, onError: failed }))}
          >
            GST summary
          </Button>
        </Form.Item>
      </Form>
      {summary !== null ? (
        <section aria-label="GST summary" className="analytics__report">
          <p>
            {summary.startDate} to {summary.endDate}: sales are counted when paid, refunds when made (Perth days).
          </p>
          <div className="analytics__report-summary">
            <Statistic title="Paid orders" value={summary.paidOrders} />
            <Statistic title="Sales (GST included)" value={money(summary.sales)} />
            <Statistic title="GST on sales" value={money(summary.gstOnSales)} />
            <Statistic title="Discounts (already off sales)" value={money(summary.discounts)} />
            <Statistic title="Refunds" value={money(summary.refunds)} />
            <Statistic title="GST on refunds" value={money(summary.gstOnRefunds)} />
            <Statistic title="Net sales" value={money(summary.netSales)} />
            <Statistic title="Net GST" value={money(summary.netGst)} />
          </div>
          <p className="analytics__differs">
            <strong>How this differs from the sales report:</strong> {BOOKS_DIFFER.gstSummary}
          </p>
          {mayExport ? (
            <Button
              icon={<DownloadOutlined aria-hidden />}
              loading={gstFile.isPending}
              onClick={() => gstFile.mutate({ startDate: summary.startDate, endDate: summary.endDate }, saved)}
            >
              Export GST summary (CSV)
            </Button>
          ) : null}
        </section>
      ) : null}
    </Card>
  );
}
