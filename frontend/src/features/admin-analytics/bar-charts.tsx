import { Empty } from 'antd';
import { useId } from 'react';
import { axisTicks, labelStride, niceCeiling } from './chart-scale';
import './bar-charts.css';

export interface ChartDatum {
  /** Full label, read by the text alternative and the data table. */
  label: string;
  /** Short label drawn under a column. */
  shortLabel?: string;
  value: number;
}

interface ChartProps {
  title: string;
  /** One sentence describing what the chart shows, read by screen readers. */
  summary: string;
  data: readonly ChartDatum[];
  formatValue: (value: number) => string;
  valueHeading: string;
  labelHeading: string;
  emptyText: string;
}

const WIDTH = 640;

/** The numbers behind a chart as a table, for screen readers and anyone who wants the figures. */
function ChartTable({ data, formatValue, valueHeading, labelHeading, title }: Omit<ChartProps, 'summary' | 'emptyText'>) {
  return (
    <details className="bar-chart__data">
      <summary>Show the figures</summary>
      <table>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{labelHeading}</th>
            <th scope="col">{valueHeading}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((datum) => (
            <tr key={datum.label}>
              <th scope="row">{datum.label}</th>
              <td>{formatValue(datum.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** Vertical columns along a category axis (revenue per day). */
export function ColumnChart(props: ChartProps) {
  const { title, summary, data, formatValue, emptyText } = props;
  const titleId = useId();
  const descId = useId();
  if (data.length === 0) return <ChartFrame title={title} empty={emptyText} />;

  const height = 260;
  const margin = { top: 16, right: 12, bottom: 36, left: 72 };
  const plotWidth = WIDTH - margin.left - margin.right;
  const plotHeight = height - margin.top - margin.bottom;
  const top = niceCeiling(Math.max(...data.map((d) => d.value)));
  const slot = plotWidth / data.length;
  const barWidth = Math.max(2, Math.min(48, slot * 0.7));
  const stride = labelStride(data.length, 10);
  const y = (value: number) => margin.top + plotHeight - (value / top) * plotHeight;

  return (
    <figure className="bar-chart">
      <figcaption className="bar-chart__title" id={titleId}>
        {title}
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-labelledby={titleId} aria-describedby={descId} className="bar-chart__svg">
        <desc id={descId}>{summary}</desc>
        {axisTicks(top).map((tick) => (
          <g key={tick} className="bar-chart__grid">
            <line x1={margin.left} x2={WIDTH - margin.right} y1={y(tick)} y2={y(tick)} />
            <text x={margin.left - 8} y={y(tick)} dy="0.32em" textAnchor="end">
              {formatValue(tick)}
            </text>
          </g>
        ))}
        {data.map((datum, index) => {
          const x = margin.left + slot * index + (slot - barWidth) / 2;
          return (
            <g key={datum.label}>
              <rect className="bar-chart__bar" x={x} y={y(datum.value)} width={barWidth} height={y(0) - y(datum.value)}>
                <title>{`${datum.label}: ${formatValue(datum.value)}`}</title>
              </rect>
              {index % stride === 0 ? (
                <text className="bar-chart__label" x={x + barWidth / 2} y={height - margin.bottom + 18} textAnchor="middle">
                  {datum.shortLabel ?? datum.label}
                </text>
              ) : null}
            </g>
          );
        })}
        <line className="bar-chart__axis" x1={margin.left} x2={WIDTH - margin.right} y1={y(0)} y2={y(0)} />
      </svg>
      <ChartTable {...props} />
    </figure>
  );
}

/** Horizontal bars, one row per category with its name in full (cans per beer). */
export function BarChart(props: ChartProps) {
  const { title, summary, data, formatValue, emptyText } = props;
  const titleId = useId();
  const descId = useId();
  if (data.length === 0) return <ChartFrame title={title} empty={emptyText} />;

  const row = 28;
  const margin = { top: 8, right: 72, bottom: 8, left: 180 };
  const height = margin.top + margin.bottom + row * data.length;
  const plotWidth = WIDTH - margin.left - margin.right;
  const top = niceCeiling(Math.max(...data.map((d) => d.value)));
  const width = (value: number) => (value / top) * plotWidth;

  return (
    <figure className="bar-chart">
      <figcaption className="bar-chart__title" id={titleId}>
        {title}
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-labelledby={titleId} aria-describedby={descId} className="bar-chart__svg">
        <desc id={descId}>{summary}</desc>
        {data.map((datum, index) => {
          const y = margin.top + row * index;
          return (
            <g key={datum.label}>
              <text className="bar-chart__label" x={margin.left - 8} y={y + row / 2} dy="0.32em" textAnchor="end">
                {datum.label.length > 24 ? `${datum.label.slice(0, 23)}…` : datum.label}
              </text>
              <rect className="bar-chart__bar" x={margin.left} y={y + 4} width={Math.max(1, width(datum.value))} height={row - 8}>
                <title>{`${datum.label}: ${formatValue(datum.value)}`}</title>
              </rect>
              <text className="bar-chart__value" x={margin.left + width(datum.value) + 6} y={y + row / 2} dy="0.32em">
                {formatValue(datum.value)}
              </text>
            </g>
          );
        })}
        <line className="bar-chart__axis" x1={margin.left} x2={margin.left} y1={margin.top} y2={height - margin.bottom} />
      </svg>
      <ChartTable {...props} />
    </figure>
  );
}

function ChartFrame({ title, empty }: { title: string; empty: string }) {
  return (
    <figure className="bar-chart">
      <figcaption className="bar-chart__title">{title}</figcaption>
      <Empty description={empty} image={Empty.PRESENTED_IMAGE_SIMPLE} />
    </figure>
  );
}
