import { Card, Tag } from 'antd';
import type { ReactNode } from 'react';
import type { HealthState, SubscriberStatus, SystemStatus } from './api/get-system-status';

function StateTag({ state }: { state: HealthState }) {
  return <Tag color={state === 'ok' ? 'green' : 'red'}>{state === 'ok' ? 'OK' : 'ERROR'}</Tag>;
}

function StatusCard({ title, state, children }: { title: string; state: HealthState; children: ReactNode }) {
  return (
    <Card size="small" title={title} extra={<StateTag state={state} />} className="system__status-card">
      {children}
    </Card>
  );
}

function lagText(lag: number | null): string {
  if (lag === null) return 'unknown';
  return `${lag} ${lag === 1 ? 'event' : 'events'}`;
}

function SubscriberLine({ subscriber }: { subscriber: SubscriberStatus }) {
  return (
    <li>
      {subscriber.name}: {lagText(subscriber.lag)} behind
      {subscriber.lastError ? <div className="system__issue-text">{subscriber.lastError}</div> : null}
    </li>
  );
}

export function StatusCards({ status }: { status: SystemStatus }) {
  const { email_system: email, stripe_system: payments, event_store: store, read_models: readModels } = status;
  return (
    <section aria-label="Services" className="system__status-grid">
      <StatusCard title="E-mail" state={email.status}>
        <p className="system__status-line">{email.detail}</p>
      </StatusCard>
      <StatusCard title="Payments" state={payments.status}>
        <p className="system__status-line">{payments.mode === 'stripe' ? 'Stripe' : 'Test gateway'}</p>
        <p className="system__status-line">{payments.detail}</p>
      </StatusCard>
      <StatusCard title="Event store" state={store.status}>
        <p className="system__status-line">{store.adapter}</p>
        <p className="system__status-line">{store.detail}</p>
      </StatusCard>
      <StatusCard title="Read models" state={readModels.status}>
        <p className="system__status-line">{readModels.adapter}</p>
        <p className="system__status-line">Projection lag: {lagText(readModels.lag)}</p>
        {readModels.subscribers.length > 0 ? (
          <ul className="system__subscribers" aria-label="Subscribers">
            {readModels.subscribers.map((subscriber) => (
              <SubscriberLine key={subscriber.name} subscriber={subscriber} />
            ))}
          </ul>
        ) : null}
      </StatusCard>
    </section>
  );
}
