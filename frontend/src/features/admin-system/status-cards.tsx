import { Card, Tag } from 'antd';
import type { HealthState, SystemStatus } from './api/get-system-status';

function StateTag({ state }: { state: HealthState }) {
  return <Tag color={state === 'ok' ? 'green' : state === 'warning' ? 'orange' : 'red'}>{state === 'ok' ? 'OK' : state.toUpperCase()}</Tag>;
}

interface StatusCardProps {
  title: string;
  state: HealthState;
  lines: (string | null | undefined)[];
}

function StatusCard({ title, state, lines }: StatusCardProps) {
  return (
    <Card size="small" title={title} extra={<StateTag state={state} />} className="system__status-card">
      {lines
        .filter((line): line is string => typeof line === 'string' && line !== '')
        .map((line) => (
          <p key={line} className="system__status-line">
            {line}
          </p>
        ))}
    </Card>
  );
}

export function StatusCards({ status }: { status: SystemStatus }) {
  const { email_system: email, stripe_system: payments, event_store: store, read_models: readModels } = status;
  return (
    <section aria-label="Services" className="system__status-grid">
      <StatusCard title="E-mail" state={email.status} lines={[email.detail]} />
      <StatusCard
        title="Payments"
        state={payments.status}
        lines={[payments.mode === undefined ? null : payments.mode === 'stripe' ? 'Stripe' : 'Test gateway', payments.detail]}
      />
      {store !== undefined ? <StatusCard title="Event store" state={store.status} lines={[store.adapter, store.detail]} /> : null}
      {readModels !== undefined ? (
        <StatusCard
          title="Read models"
          state={readModels.status}
          lines={[
            readModels.adapter,
            readModels.lag === undefined ? null : `Projection lag: ${readModels.lag} ${readModels.lag === 1 ? 'event' : 'events'}`,
            readModels.subscribers === undefined ? null : `${readModels.subscribers.length} subscribers`,
          ]}
        />
      ) : null}
    </section>
  );
}
