import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { saveFile } from '@/shared/browser/save-file';
import { useToast } from '@/shared/ui/toast/use-toast';
import type { LabelFromEmailResult } from './api/create-shipping-label-email';
import { useCreateShippingLabelFromEmail } from './api/create-shipping-label-email';
import type { ShippingEmailParseResult } from './api/parse-shipping-email';
import { useParseShippingEmail } from './api/parse-shipping-email';
import { useDownloadLabel } from './api/download-label';
import { SHIPPING_EMAIL_COMMANDS } from '@brewery/shop-rules';
import './shipping-tab.css';

export const SHIPPING_TEXTS = {
  contentRequired: 'Please enter email content to parse',
  parsed: 'Email Parsed Successfully',
  parseError: 'Parse Error',
  parseFailed: 'Failed to parse email',
  noOrder: 'No valid order found. Please parse email first.',
  labelFailed: 'Label Creation Failed',
  downloadFailed: 'Failed to download shipping label',
} as const;

/** The spec's label toast, shared with the order dialog's wording. */
export function labelCreatedText(consignmentNumber: string): string {
  return `Shipping label created - Consignment: ${consignmentNumber}`;
}

interface EmailForm {
  subject: string;
  emailContent: string;
}

/** A parse result names an order only when the reply asks for a label for an order that can ship. */
function parsedOrderId(result: ShippingEmailParseResult | null): string | null {
  if (result === null || result.action !== 'create_label' || result.orderId === null || result.orderId === '') return null;
  return result.orderId;
}

export function ShippingTab() {
  const toast = useToast();
  const [form] = Form.useForm<EmailForm>();
  const parse = useParseShippingEmail();
  const createLabel = useCreateShippingLabelFromEmail();
  const [parsed, setParsed] = useState<ShippingEmailParseResult | null>(null);
  const [label, setLabel] = useState<LabelFromEmailResult | null>(null);
  // The order the label was made for: the e-mail box may be edited (and parsed again) after.
  const [labelOrderId, setLabelOrderId] = useState<string | null>(null);
  const download = useDownloadLabel();
  const orderId = parsedOrderId(parsed);

  const onParse = () => {
    const { subject = '', emailContent = '' } = form.getFieldsValue();
    if (emailContent.trim() === '') {
      toast.error(SHIPPING_TEXTS.contentRequired);
      return;
    }
    setLabel(null);
    parse.mutate(
      { emailContent, subject },
      {
        onSuccess: (result) => {
          setParsed(result);
          if (parsedOrderId(result) === null) toast.error(SHIPPING_TEXTS.parseError, result.message);
          else toast.success(SHIPPING_TEXTS.parsed, result.message);
        },
        onError: (error) => {
          setParsed(null);
          toast.error(SHIPPING_TEXTS.parseFailed, errorMessage(error));
        },
      },
    );
  };

  const onDownload = () => {
    if (labelOrderId === null) return;
    download.mutate(labelOrderId, {
      onSuccess: (pdf) => saveFile(pdf, `shipping-label-order-${labelOrderId}.pdf`),
      onError: (error) => toast.error(SHIPPING_TEXTS.downloadFailed, errorMessage(error)),
    });
  };

  const onCreateLabel = () => {
    if (orderId === null) {
      toast.error(SHIPPING_TEXTS.noOrder);
      return;
    }
    const { emailContent = '' } = form.getFieldsValue();
    createLabel.mutate(
      { orderId, emailContent },
      {
        onSuccess: (result) => {
          setLabel(result);
          setLabelOrderId(orderId);
          toast.success(labelCreatedText(result.consignmentNumber));
        },
        onError: (error) => toast.error(SHIPPING_TEXTS.labelFailed, errorMessage(error)),
      },
    );
  };

  return (
    <div className="admin-shipping">
      <Card title="Email-Based Label Creation" size="small">
        <Typography.Paragraph type="secondary">
          Paste the reply to an order e-mail. When it asks for a label, the order number and the command are read from it and a label can be
          created in one click.
        </Typography.Paragraph>
        <Form name="shipping-email" form={form} layout="vertical" initialValues={{ subject: '', emailContent: '' }}>
          <Form.Item name="subject" label="Email subject">
            <Input placeholder="Re: Order #1001 confirmed" autoComplete="off" />
          </Form.Item>
          <Form.Item name="emailContent" label="Email content">
            <Input.TextArea rows={8} placeholder={'create label\n\n> Thank you for your order #1001 ...'} />
          </Form.Item>
          <div className="admin-shipping__actions">
            <Button type="primary" onClick={onParse} loading={parse.isPending}>
              Parse Email
            </Button>
            <Button onClick={onCreateLabel} loading={createLabel.isPending} disabled={parse.isPending}>
              {orderId === null ? 'Create Label' : `Create Label for Order #${orderId}`}
            </Button>
          </div>
        </Form>
      </Card>

      {parsed !== null ? (
        <Card title="Parse Results" size="small">
          <Descriptions column={1} size="small" bordered>
            {/* The order the e-mail names, found whatever it asks for (only "create label" makes a label). */}
            <Descriptions.Item label="Order ID">{parsed.orderId ? `#${parsed.orderId}` : 'Not found'}</Descriptions.Item>
            <Descriptions.Item label="Action">{parsed.action}</Descriptions.Item>
            <Descriptions.Item label="Message">{parsed.message}</Descriptions.Item>
          </Descriptions>
        </Card>
      ) : null}

      {label !== null ? (
        <Alert
          type="success"
          showIcon
          title={`Label created for Order #${labelOrderId ?? ''}`}
          description={
            <>
              <div>
                Tracking number: <Typography.Text copyable>{label.trackingNumber}</Typography.Text>
              </div>
              {label.consignmentNumber !== label.trackingNumber ? (
                <div>
                  Consignment number: <Typography.Text copyable>{label.consignmentNumber}</Typography.Text>
                </div>
              ) : null}
              <a href={label.trackingUrl} target="_blank" rel="noreferrer">
                Track with Australia Post
              </a>
              <div className="admin-shipping__download">
                <Button icon={<DownloadOutlined aria-hidden />} loading={download.isPending} onClick={onDownload}>
                  Download Label PDF
                </Button>
              </div>
            </>
          }
        />
      ) : null}

      <Card title="How it works" size="small">
        <ol className="admin-shipping__guide">
          <li>Reply to an order e-mail (or forward the customer's) with one of the commands below.</li>
          <li>
            Paste the reply and its subject here and press Parse Email. The order number is taken from the subject or the quoted text.
          </li>
          <li>Check the parse results, then press Create Label for the order. The customer gets the tracking link by e-mail.</li>
        </ol>
        <Typography.Text strong>Accepted commands</Typography.Text>
        <ul className="admin-shipping__commands" aria-label="Accepted commands">
          {SHIPPING_EMAIL_COMMANDS.map((command) => (
            <li key={command}>
              <Typography.Text code>{command}</Typography.Text>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
