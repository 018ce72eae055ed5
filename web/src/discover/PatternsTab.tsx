import { useEffect, useState } from 'react';
import type { ResolvedRange } from '../search.js';
import { loadPatterns, type Patterns } from './discover-data.js';

function Sparkline(props: { values: readonly number[] }) {
  const max = Math.max(1, ...props.values);
  const width = 120;
  const step = width / Math.max(1, props.values.length - 1);
  const points = props.values.map((value, i) => `${(i * step).toFixed(1)},${(22 - (value / max) * 20).toFixed(1)}`).join(' ');
  return (
    <svg className="sparkline" viewBox={`0 0 ${width} 24`} preserveAspectRatio="none" aria-hidden="true">
      <polyline points={points} />
    </svg>
  );
}

/**
 * The templates of the matching logs (the insights learner's parser over a sample spread across the range), each
 * with its exact count and a sparkline over the range; a click adds the template's query to the search.
 */
export function PatternsTab(props: { query: string; range: ResolvedRange; onFilter: (patternQuery: string) => void }) {
  const [patterns, setPatterns] = useState<Patterns | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { query, range } = props;
  useEffect(() => {
    const controller = new AbortController();
    setPatterns(null);
    setError(null);
    loadPatterns(query, range, controller.signal).then(setPatterns, (caught: unknown) => {
      if (!controller.signal.aborted) setError(caught instanceof Error ? caught.message : String(caught));
    });
    return () => controller.abort();
  }, [query, range]);
  if (error !== null)
    return (
      <p className="error" role="alert">
        {error}
      </p>
    );
  if (patterns === null)
    return (
      <p className="spinner" role="status">
        Finding patterns…
      </p>
    );
  return (
    <div className="patterns">
      <p className="muted">
        {patterns.patterns.length} patterns learned from {patterns.sampled.toLocaleString()} messages sampled across the range; counts are
        exact over {patterns.total.toLocaleString()} matching logs.
      </p>
      <table className="data-table" aria-label="Patterns">
        <thead>
          <tr>
            <th scope="col">Count</th>
            <th scope="col">Over time</th>
            <th scope="col">Pattern</th>
          </tr>
        </thead>
        <tbody>
          {patterns.patterns.map((pattern) => (
            <tr key={pattern.template}>
              <td className="number">{pattern.count.toLocaleString()}</td>
              <td>
                <Sparkline values={pattern.sparkline} />
              </td>
              <td>
                <button type="button" className="pattern" title={`Filter: ${pattern.query}`} onClick={() => props.onFilter(pattern.query)}>
                  {pattern.template}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
