import { Empty } from 'antd';
import { useId, type ReactNode } from 'react';
import { axisTicks, labelStride, niceCeiling } from './chart-scale';
import { CHART_TEXT_PX, chartWidth, useShownWidth } from './chart-width';
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

/** Room under a column for its day ("27/11") at the charts' text size. */
const COLUMN_LABEL_PX = 44;
/** Narrower than this, a beer's name goes on its own line above its bar instead of beside it. */
const NAMES_BESIDE_BARS_PX = 480;
/** About how wide a character of a label is at the charts' text size. */
const CHARACTER_PX = 7;

function shortened(label: string, characters: number): string {
  return label.length > characters ? `${label.slice(0, Math.max(1, characters - 1)).trimEnd()}…` : label;
}

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

/**
 * Vertical columns along a category axis (revenue per day), drawn for the width they are shown at, so their text is
 * 12 px on any screen; fewer days are named under the axis when it is narrow.
 */
export function ColumnChart(props: ChartProps) {
  const { title, data, formatValue, emptyText } = props;
  const [frame, shown] = useShownWidth();
  if (data.length === 0) return <ChartFrame title={title} empty={emptyText} />;

  const width = chartWidth(shown);
  const height = 260;
  const margin = { top: 16, right: 12, bottom: 36, left: 72 };
  const plotWidth = width - margin.left - margin.right;
  const plotHeight = height - margin.top - margin.bottom;
  const top = niceCeiling(Math.max(...data.map((d) => d.value)));
  const slot = plotWidth / data.length;
  const barWidth = Math.max(2, Math.min(48, slot * 0.7));
  const stride = labelStride(data.length, Math.max(2, Math.min(10, Math.floor(plotWidth / COLUMN_LABEL_PX))));
  const y = (value: number) => margin.top + plotHeight - (value / top) * plotHeight;

  return (
    <ChartFigure frame={frame} chart={props} width={width} height={height}>
      {axisTicks(top).map((tick) => (
        <g key={tick} className="bar-chart__grid">
          <line x1={margin.left} x2={width - margin.right} y1={y(tick)} y2={y(tick)} />
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
      <line className="bar-chart__axis" x1={margin.left} x2={width - margin.right} y1={y(0)} y2={y(0)} />
    </ChartFigure>
  );
}

/**
 * Horizontal bars, one row per category with its name (cans per beer), drawn for the width they are shown at: the
 * name beside its bar on a wide screen, on its own line above it on a narrow one, 12 px either way.
 */
export function BarChart(props: ChartProps) {
  const { title, data, formatValue, emptyText } = props;
  const [frame, shown] = useShownWidth();
  if (data.length === 0) return <ChartFrame title={title} empty={emptyText} />;

  const width = chartWidth(shown);
  const beside = width >= NAMES_BESIDE_BARS_PX;
  const row = beside ? 28 : 40;
  const margin = { top: 8, right: 72, bottom: 8, left: beside ? 180 : 0 };
  const height = margin.top + margin.bottom + row * data.length;
  const plotWidth = width - margin.left - margin.right;
  const top = niceCeiling(Math.max(...data.map((d) => d.value)));
  const barLength = (value: number) => (value / top) * plotWidth;
  // Beside: the name ends where its bar starts; above: it runs along the bar, as long as the chart is wide.
  const nameCharacters = beside ? 24 : Math.floor(width / CHARACTER_PX);

  return (
    <ChartFigure frame={frame} chart={props} width={width} height={height}>
      {data.map((datum, index) => {
        const y = margin.top + row * index;
        const barTop = beside ? y + 4 : y + 18;
        const barHeight = beside ? row - 8 : row - 22;
        return (
          <g key={datum.label}>
            <text
              className="bar-chart__label"
              x={beside ? margin.left - 8 : 0}
              y={beside ? y + row / 2 : y + 8}
              dy="0.32em"
              textAnchor={beside ? 'end' : 'start'}
            >
              {shortened(datum.label, nameCharacters)}
            </text>
            <rect className="bar-chart__bar" x={margin.left} y={barTop} width={Math.max(1, barLength(datum.value))} height={barHeight}>
              <title>{`${datum.label}: ${formatValue(datum.value)}`}</title>
            </rect>
            <text className="bar-chart__value" x={margin.left + barLength(datum.value) + 6} y={barTop + barHeight / 2} dy="0.32em">
              {formatValue(datum.value)}
            </text>
          </g>
        );
      })}
      {beside ? <line className="bar-chart__axis" x1={margin.left} x2={margin.left} y1={margin.top} y2={height - margin.bottom} /> : null}
    </ChartFigure>
  );
}

/** A chart's figure: its title, the drawing (named by the title, described by the summary) and its table. */
function ChartFigure({
  frame,
  chart,
  width,
  height,
  children,
}: {
  frame: (element: HTMLElement | null) => void;
  chart: ChartProps;
  width: number;
  height: number;
  children: ReactNode;
}) {
  const titleId = useId();
  const descId = useId();
  return (
    <figure className="bar-chart" ref={frame}>
      <figcaption className="bar-chart__title" id={titleId}>
        {chart.title}
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        className="bar-chart__svg"
        fontSize={CHART_TEXT_PX}
      >
        <desc id={descId}>{chart.summary}</desc>
        {children}
      </svg>
      <ChartTable {...chart} />
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
