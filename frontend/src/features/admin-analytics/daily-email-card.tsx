import { MailOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import { errorMessage } from '@/shared/api/api-error';
import { useToast } from '@/shared/ui/toast/use-toast';
import { newIdempotencyKey, useSendDailyAnalyticsEmail } from './api/send-daily-email';
import { ANALYTICS_TEXTS } from './analytics-texts';

export function DailyEmailCard() {
  const toast = useToast();
  const send = useSendDailyAnalyticsEmail();
  return (
    <Card title="Daily Analytics" size="small">
      <Typography.Paragraph type="secondary">
        E-mails the operator yesterday&apos;s orders, revenue and cans sold, and the beers running low.
      </Typography.Paragraph>
      <Button
        type="primary"
        icon={<MailOutlined aria-hidden />}
        loading={send.isPending}
        onClick={() =>
          send.mutate(newIdempotencyKey(), {
            onSuccess: () => toast.success(ANALYTICS_TEXTS.dailyEmailSent),
            onError: (error) => toast.error(ANALYTICS_TEXTS.dailyEmailFailed, errorMessage(error)),
          })
        }
      >
        Send Daily Analytics Email
      </Button>
    </Card>
  );
}
