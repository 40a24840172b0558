import { ReloadOutlined, ToolOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Skeleton, Statistic, Typography } from 'antd';
import { useEffect } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { useToast } from '@/shared/ui/toast/use-toast';
import type { SystemStatus } from './api/get-system-status';
import { useSystemStatus } from './api/get-system-status';
import { useAutoFix } from './api/auto-fix';
import { AutomationIssuesCard } from './automation-issues-card';
import { EmailOutboxCard } from './email-outbox-card';
import { StatusCards } from './status-cards';
import { overallHealthText, summariseHealth } from './system-health';
import { SYSTEM_TEXTS, autoFixCompleteText } from './system-texts';
import { WebhookRecoveryCard } from './webhook-recovery-card';
import './system-tab.css';
import { perthDateTime } from '@/shared/format/perth-date-time';

function HealthSummaryCard({ status }: { status: SystemStatus }) {
  const { overall, findings } = summariseHealth(status);
  const activity = status.recent_activity;
  return (
    <Card size="small" title="Health Summary">
      <Alert
        type={overall === 'healthy' ? 'success' : overall === 'attention' ? 'warning' : 'error'}
        showIcon
        title={overallHealthText(overall)}
        description={
          findings.length === 0 ? undefined : (
            <ul className="system__findings">
              {findings.map((finding) => (
                <li key={finding}>{finding}</li>
              ))}
            </ul>
          )
        }
      />
      <div className="system__activity">
        <Statistic title="Orders (last 24 h)" value={activity.orders_last_24h} />
        <Statistic title="Pending orders" value={activity.pending_orders} />
        <Statistic title="Paid orders" value={activity.paid_orders} />
      </div>
    </Card>
  );
}

function CriticalStockCard({ status }: { status: SystemStatus }) {
  const alerts = status.inventory_alerts;
  return (
    <Card size="small" title="Critical Stock" extra={<span>{alerts.critical_stock_count} products</span>}>
      {alerts.critical_products.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No beers at critical stock" />
      ) : (
        <ul className="system__critical" aria-label="Critical stock">
          {alerts.critical_products.map((product) => (
            <li key={product.name}>
              <span>{product.name}</span>
              <strong>{product.inventory} cans</strong>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function SystemTab() {
  const toast = useToast();
  const { data, isPending, isError, isFetching, refetch, errorUpdatedAt, error } = useSystemStatus();
  const autoFix = useAutoFix();

  // One toast per failed check, the automatic ones included.
  useEffect(() => {
    if (errorUpdatedAt > 0) toast.error(SYSTEM_TEXTS.statusFailed, errorMessage(error));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new failure should toast
  }, [errorUpdatedAt, toast]);

  const onAutoFix = () =>
    autoFix.mutate(undefined, {
      onSuccess: (result) =>
        toast.success(
          autoFixCompleteText(result.fixes_applied.length),
          result.fixes_applied.length === 0 ? undefined : (
            <ul className="system__fixes">
              {result.fixes_applied.map((fix) => (
                <li key={fix}>{fix}</li>
              ))}
            </ul>
          ),
        ),
      onError: (failure) => toast.error(SYSTEM_TEXTS.autoFixFailed, errorMessage(failure)),
    });

  return (
    <div className="system">
      <header className="system__header">
        <div>
          <Typography.Title level={3} className="system__title">
            System Monitor
          </Typography.Title>
          {data ? <Typography.Text type="secondary">Last checked {perthDateTime(data.timestamp)}</Typography.Text> : null}
        </div>
        <div className="system__actions">
          <Button icon={<ReloadOutlined aria-hidden />} loading={isFetching} onClick={() => void refetch()}>
            Refresh
          </Button>
          <Button type="primary" icon={<ToolOutlined aria-hidden />} loading={autoFix.isPending} onClick={onAutoFix}>
            Auto-Fix Issues
          </Button>
        </div>
      </header>

      {isPending ? (
        <Skeleton active />
      ) : isError && !data ? (
        <Empty description={SYSTEM_TEXTS.statusFailed} />
      ) : data ? (
        <>
          <StatusCards status={data} />
          <div className="system__columns">
            <AutomationIssuesCard status={data} />
            <div className="system__stack">
              <HealthSummaryCard status={data} />
              <CriticalStockCard status={data} />
            </div>
          </div>
        </>
      ) : null}

      <WebhookRecoveryCard />
      <EmailOutboxCard />
    </div>
  );
}
