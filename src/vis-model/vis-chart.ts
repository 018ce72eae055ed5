import type { VisData } from './vis-search.js';
import type { VisSpec } from './vis-spec.js';

/** The app's two looks, as its stylesheet defines them (web/src/styles.css). */
export interface VisPalette {
  readonly background: string;
  readonly panel: string;
  readonly ink: string;
  readonly muted: string;
  readonly line: string;
}

export const LIGHT_PALETTE: VisPalette = { background: '#f6f7f9', panel: '#ffffff', ink: '#1d2430', muted: '#5f6b7a', line: '#d9dee5' };
export const DARK_PALETTE: VisPalette = { background: '#10141b', panel: '#181e28', ink: '#dfe5ee', muted: '#94a0b0', line: '#2e3848' };

export interface ChartOptions {
  /** Colours of text and axes; omitted: ECharts' own (the app in the browser). */
  readonly palette?: VisPalette;
  /** IANA zone the time axis is labelled in; omitted: the drawing machine's. */
  readonly timeZone?: string;
  /** A still image draws no animation and no tooltips. */
  readonly still?: boolean;
}

/** An ECharts option as a plain object (both ECharts builds, browser and server, take it). */
export type ChartOption = Record<string, unknown>;

function timeLabel(timeZone: string, spanMs: number): (value: number) => string {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour12: false,
    ...(spanMs > 2 * 86_400_000 ? { month: 'short', day: '2-digit' } : { hour: '2-digit', minute: '2-digit' }),
  });
  return (value) => format.format(new Date(value));
}

function spanOf(data: VisData): number {
  let min = Infinity;
  let max = -Infinity;
  for (const series of data.series)
    for (const [at] of series.points)
      if (typeof at === 'number') {
        min = Math.min(min, at);
        max = Math.max(max, at);
      }
  return max > min ? max - min : 0;
}

/** The chart of a line, bar or pie visualization (metric and table panels are drawn as text). */
export function chartOption(spec: VisSpec, data: VisData, options: ChartOptions = {}): ChartOption {
  const { palette, still = false } = options;
  const text = palette === undefined ? {} : { textStyle: { color: palette.ink } };
  const legend = {
    type: still ? 'plain' : 'scroll',
    bottom: 0,
    // Room between entries: a label measured narrower than drawn (server fonts) no longer runs into the next swatch.
    itemGap: 16,
    ...(palette === undefined ? {} : { textStyle: { color: palette.ink } }),
  };
  const common = { animation: !still, ...(palette === undefined ? {} : { backgroundColor: 'transparent' }), ...text };
  if (spec.type === 'pie') {
    const points = data.series[0]?.points ?? [];
    return {
      ...common,
      ...(still ? {} : { tooltip: { trigger: 'item' } }),
      legend,
      series: [
        {
          type: 'pie',
          // The pie and its outside labels in the box above the legend: a label at the bottom of the pie (a slice at
          // six o'clock) touched the legend when the pie filled the whole panel.
          top: 8,
          bottom: 48,
          radius: ['32%', '64%'],
          ...(palette === undefined ? {} : { label: { color: palette.ink }, itemStyle: { borderColor: palette.panel } }),
          data: points.map(([name, value]) => ({ name: String(name), value })),
        },
      ],
    };
  }
  const type = spec.type === 'line' ? 'line' : 'bar';
  const axisColours =
    palette === undefined
      ? {}
      : {
          axisLine: { lineStyle: { color: palette.line } },
          axisLabel: { color: palette.muted },
          splitLine: { lineStyle: { color: palette.line } },
        };
  const timeLabels = options.timeZone === undefined ? {} : { formatter: timeLabel(options.timeZone, spanOf(data)) };
  return {
    ...common,
    ...(still ? {} : { tooltip: { trigger: 'axis' } }),
    legend,
    // The axis labels inside the panel whatever their length (1,200,000 was cut at the left edge of a snapshot).
    grid: { left: 8, right: 16, top: 16, bottom: 48, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    xAxis: { type: 'time', ...axisColours, axisLabel: { ...(palette === undefined ? {} : { color: palette.muted }), ...timeLabels } },
    // Counts are whole numbers: no 0.5 ticks.
    yAxis: { type: 'value', minInterval: spec.metric === 'count' ? 1 : 0, ...axisColours },
    series: data.series.map((series) => ({
      type,
      name: series.name,
      data: series.points,
      showSymbol: false,
      // A bucket without a value (null) breaks the line: joining across it would draw values no log had.
      ...(type === 'bar' ? { stack: 'total' } : { connectNulls: false }),
    })),
  };
}
