import { useEffect, useMemo, useState } from 'react';
import type { EChartsCoreOption } from 'echarts/core';
import type { SearchState } from '../search.js';
import { formatTime } from '../time.js';
import { Chart } from './chart.js';
import { overTime, runVis, type VisData, type VisSpec } from './vis-spec.js';
import { chartOption, formatMetric, metricLabel } from '../../../src/vis-model/index.js';

/** Draws one visualization for a query and range; redraws whenever either changes. */
export function VisPanel(props: { spec: VisSpec; state: SearchState; title?: string }) {
  const [data, setData] = useState<VisData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { spec, state } = props;
  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    runVis(spec, state, controller.signal).then(setData, (caught: unknown) => {
      if (!controller.signal.aborted) setError(caught instanceof Error ? caught.message : String(caught));
    });
    return () => controller.abort();
  }, [spec, state]);
  const option = useMemo(() => (data === null ? null : (chartOption(spec, data) as EChartsCoreOption)), [spec, data]);
  const label = props.title ?? 'Visualization';

  if (error !== null)
    return (
      <p className="error" role="alert">
        {error}
      </p>
    );
  if (data === null || option === null) return <p className="muted">Loading…</p>;
  if (spec.type === 'metric')
    return (
      <div className="metric" data-testid="metric-value">
        <span className="value">{formatMetric(data.value)}</span>
        <span className="muted">{metricLabel(spec)}</span>
      </div>
    );
  if (spec.type === 'table') {
    const rows = data.series[0]?.points ?? [['All', data.value] as const];
    return (
      <table className="data-table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{spec.split === '' ? '' : spec.split}</th>
            <th scope="col">{spec.metric === 'count' ? 'Count' : `${spec.metric}(${spec.metricField})`}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([key, value]) => (
            <tr key={String(key)}>
              <td>{typeof key === 'number' && overTime(spec.type) ? formatTime(key) : String(key)}</td>
              <td className="number">{value === null ? '–' : value.toLocaleString()}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  return <Chart option={option} label={label} />;
}
