import type { ReactNode } from 'react';
import './plain-ui.css';

/** A spinning ring with its words, for a wait (a route's code arriving). */
export function Spinner({ label }: { label: string }) {
  return (
    <div className="plain-spinner" role="status">
      <span className="plain-spinner__ring" aria-hidden />
      <span>{label}</span>
    </div>
  );
}

/** Grey lines standing in for text still loading. */
export function SkeletonLines({ rows = 3 }: { rows?: number }) {
  return (
    <div className="plain-skeleton" aria-hidden>
      {Array.from({ length: rows }, (_, index) => (
        <span key={index} className="plain-skeleton__line" />
      ))}
    </div>
  );
}

export interface ProgressBarProps {
  /** 0 to 100. */
  percent: number;
  label: string;
  done?: boolean;
  className?: string;
}

/** How far along, as a bar (and to a screen reader, a percentage). */
export function ProgressBar({ percent, label, done = false, className }: ProgressBarProps) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div
      className={`plain-progress${done ? ' plain-progress--done' : ''}${className ? ` ${className}` : ''}`}
      role="progressbar"
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <div className="plain-progress__fill" style={{ width: `${value}%` }} />
    </div>
  );
}

export interface PlainResultProps {
  icon?: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}

/** A page's outcome: a picture, a heading, a line of explanation and what to do next. */
export function PlainResult({ icon, title, subtitle, actions }: PlainResultProps) {
  return (
    <div className="plain-result">
      {icon}
      {title}
      {subtitle === undefined ? null : <p className="plain-result__subtitle">{subtitle}</p>}
      {actions === undefined ? null : <div className="plain-result__actions">{actions}</div>}
    </div>
  );
}
