import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled, ReloadOutlined, ToolOutlined } from '@ant-design/icons';
import { Button, Empty, Skeleton, Statistic, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { useToast } from '@/shared/ui/toast/use-toast';
import type { SystemStatus } from './api/get-system-status';
import { useSystemStatus } from './api/get-system-status';
import { useAutoFix } from './api/auto-fix';
import { useRebuildReadModels } from './api/rebuild-read-models';
import { AutomationIssuesCard } from './automation-issues-card';
import { EmailOutboxCard } from './email-outbox-card';
import { StatusCards } from './status-cards';
import { automationIssueCount, operatorVerdict, type FixAction } from './system-problems';
import { SYSTEM_TEXTS, autoFixCompleteText } from './system-texts';
import { WebhookRecoveryCard } from './webhook-recovery-card';
import './system-tab.css';
import { perthDateTime } from '@/shared/format/perth-date-time';

/** Is anything wrong, and what to do: "All good", or each problem with what it means and the button that fixes it. */
function VerdictCard({ status, onFix, fixing }: { status: SystemStatus; onFix: (action: FixAction) => void; fixing: FixAction | null }) {
  const verdict = operatorVerdict(status);
  const activity = status.recent_activity;
  const Icon =
    verdict.overall === 'healthy' ? CheckCircleFilled : verdict.overall === 'attention' ? ExclamationCircleFilled : CloseCircleFilled;
  return (
    <section aria-labelledby="system-verdict" className={`system__verdict system__verdict--${verdict.overall}`}>
      <Typography.Title level={4} id="system-verdict" className="system__headline">
        <Icon aria-hidden className="system__headline-icon" /> {verdict.headline}
      </Typography.Title>
      <p className="system__summary">{verdict.summary}</p>
      {verdict.problems.length === 0 ? null : (
        <ul className="system__problems" aria-label="What needs you">
          {verdict.problems.map((problem) => (
            <li key={problem.key} className={`system__problem system__problem--${problem.severity}`}>
              <article aria-labelledby={`problem-${problem.key}`}>
                <h5 id={`problem-${problem.key}`} className="system__problem-what">
                  {problem.what}
                </h5>
                <p className="system__problem-line">
                  <strong>What it means:</strong> {problem.means}
                </p>
                <p className="system__problem-line">
                  <strong>What to do:</strong> {problem.todo}
                </p>
                {problem.action === undefined ? null : (
                  <Button
                    type="primary"
                    className="system__problem-fix"
                    loading={fixing === problem.action.run}
                    disabled={fixing !== null && fixing !== problem.action.run}
                    onClick={() => problem.action !== undefined && onFix(problem.action.run)}
                  >
                    {problem.action.label}
                  </Button>
                )}
              </article>
            </li>
          ))}
        </ul>
      )}
      <div className="system__activity">
        <Statistic title="Orders (last 24 h)" value={activity.orders_last_24h} />
        <Statistic title="Pending orders" value={activity.pending_orders} />
        <Statistic title="Paid orders" value={activity.paid_orders} />
      </div>
    </section>
  );
}

/** What the server runs on, for whoever looks after it: folded away, the operator opens it when asked. */
function SystemDetails({ status, onRebuild, fixing }: { status: SystemStatus; onRebuild: () => void; fixing: FixAction | null }) {
  const background = status.background_work;
  const writes = status.event_store.writes_failing;
  return (
    <details className="system__details">
      <summary className="system__details-summary">Details</summary>
      <p className="system__details-note">
        The engines behind the shop, how far each background job is behind the log, and versions: what a developer or the server’s keeper
        asks for.
      </p>
      <StatusCards status={status} />
      <dl className="system__facts" aria-label="Server">
        <dt>Background work</dt>
        <dd>
          {background.holder === null
            ? 'run by no process'
            : background.this_process
              ? `run by this process (${background.holder})`
              : `run by another process (${background.holder})`}
        </dd>
        <dt>Writes</dt>
        <dd>{writes === null ? 'going through' : `refused since ${perthDateTime(writes.since)}: ${writes.message}`}</dd>
        <dt>Node</dt>
        <dd>{status.software.node}</dd>
        <dt>Checked</dt>
        <dd>{perthDateTime(status.timestamp)}</dd>
      </dl>
      <p className="system__details-note">
        The lists behind these screens and the shop are made from the log; rebuilding them replays it beside the live ones, which stay
        readable until the new ones replace them.
      </p>
      <Button loading={fixing === 'rebuild'} disabled={fixing !== null && fixing !== 'rebuild'} onClick={onRebuild}>
        Rebuild the lists from the log
      </Button>
    </details>
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

  const rebuild = useRebuildReadModels();
  const [fixing, setFixing] = useState<FixAction | null>(null);

  const onAutoFix = () => {
    setFixing('auto-fix');
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
      onSettled: () => setFixing(null),
    });
  };

  const onRebuild = () => {
    setFixing('rebuild');
    rebuild.mutate(undefined, {
      onSuccess: (result) => toast.success(SYSTEM_TEXTS.rebuilt, result.message),
      onError: (failure) => toast.error(SYSTEM_TEXTS.rebuildFailed, errorMessage(failure)),
      onSettled: () => setFixing(null),
    });
  };

  const onFix = (action: FixAction) => (action === 'rebuild' ? onRebuild() : onAutoFix());

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
          <Button
            icon={<ToolOutlined aria-hidden />}
            loading={fixing === 'auto-fix'}
            disabled={fixing !== null && fixing !== 'auto-fix'}
            onClick={onAutoFix}
          >
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
          <VerdictCard status={data} onFix={onFix} fixing={fixing} />
          {automationIssueCount(data) > 0 ? <AutomationIssuesCard status={data} /> : null}
        </>
      ) : null}

      <WebhookRecoveryCard />
      <EmailOutboxCard />
      {data ? <SystemDetails status={data} onRebuild={onRebuild} fixing={fixing} /> : null}
    </div>
  );
}
