import { Button, Card, Form, Input, Typography } from 'antd';
import { errorMessage } from '@/shared/api/api-error';
import { useToast } from '@/shared/ui/toast/use-toast';
import { useSimulateWebhook } from './api/simulate-webhook';
import { SYSTEM_TEXTS, webhookFailedText } from './system-texts';

interface WebhookForm {
  paymentIntentId: string;
}

export function WebhookRecoveryCard() {
  const toast = useToast();
  const [form] = Form.useForm<WebhookForm>();
  const simulate = useSimulateWebhook();

  const onFinish = ({ paymentIntentId }: WebhookForm) =>
    simulate.mutate(paymentIntentId.trim(), {
      onSuccess: (result) => {
        toast.success(SYSTEM_TEXTS.webhookProcessed, result.message);
        form.resetFields();
      },
      onError: (error) => toast.error(webhookFailedText(errorMessage(error))),
    });

  return (
    <Card size="small" title="Manual Webhook Recovery">
      <Typography.Paragraph type="secondary">
        When the payment provider&apos;s notification never arrived, enter the payment intent ID: the shop asks the provider what happened
        to the payment and records it as if the webhook had come.
      </Typography.Paragraph>
      <Form name="webhook-recovery" form={form} layout="inline" onFinish={onFinish} className="system__webhook-form">
        <Form.Item
          name="paymentIntentId"
          label="Payment intent ID"
          rules={[{ required: true, whitespace: true, message: SYSTEM_TEXTS.webhookIdRequired }]}
        >
          <Input placeholder="pi_..." autoComplete="off" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={simulate.isPending}>
            Process Webhook
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
