import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { useToast } from '@/shared/ui/toast/use-toast';
import type { StockEmailResult } from './api/parse-stock-email';
import { useParseStockEmail } from './api/parse-stock-email';
import { ANALYTICS_TEXTS, updatedProductsText } from './analytics-texts';

interface StockEmailForm {
  emailContent: string;
}

const EXAMPLE = 'UPDATE STOCK\nQuokka Pale Ale: 120\nSwan Valley Lager 48';

export function StockEmailCard() {
  const toast = useToast();
  const [form] = Form.useForm<StockEmailForm>();
  const update = useParseStockEmail();
  const [result, setResult] = useState<StockEmailResult | null>(null);

  const onFinish = ({ emailContent }: StockEmailForm) =>
    update.mutate(emailContent, {
      onSuccess: (answer) => {
        setResult(answer);
        toast.success(updatedProductsText(answer.successCount, answer.totalUpdates));
      },
      onError: (error) => toast.error(ANALYTICS_TEXTS.stockUpdateFailed, errorMessage(error)),
    });

  return (
    <Card title="Stock Update from Email" size="small">
      <Typography.Paragraph type="secondary">
        Paste a stock e-mail: the first line <Typography.Text code>UPDATE STOCK</Typography.Text>, then one line per beer with its name and
        the number of cans on hand.
      </Typography.Paragraph>
      <Form name="stock-email" form={form} layout="vertical" onFinish={onFinish} initialValues={{ emailContent: '' }}>
        <Form.Item
          name="emailContent"
          label="Stock email"
          rules={[{ required: true, whitespace: true, message: ANALYTICS_TEXTS.stockEmailRequired }]}
        >
          <Input.TextArea rows={6} placeholder={EXAMPLE} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          Update Stock
        </Button>
      </Form>
      {result !== null ? (
        <div className="analytics__stock-result">
          <Typography.Paragraph strong>{updatedProductsText(result.successCount, result.totalUpdates)}</Typography.Paragraph>
          {result.updates.length > 0 ? (
            <ul className="analytics__stock-updates" aria-label="Stock updated">
              {result.updates.map((update) => (
                <li key={update.productId}>
                  {update.name}: {update.changed ? `${update.previous} → ${update.inventory} cans` : `${update.inventory} cans (unchanged)`}
                </li>
              ))}
            </ul>
          ) : null}
          {result.unmatched.length > 0 ? (
            <Alert
              type="warning"
              showIcon
              title="Lines that matched no product"
              description={
                <ul className="analytics__unmatched" aria-label="Lines that matched no product">
                  {result.unmatched.map((unmatched) => (
                    <li key={unmatched.lineNumber}>
                      Line {unmatched.lineNumber}: <Typography.Text code>{unmatched.line}</Typography.Text> ({unmatched.reason})
                    </li>
                  ))}
                </ul>
              }
            />
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
