import { useEffect, useState } from 'react';
import { displayValue, fieldValue, queryOf, resolveRange, search, TIMESTAMP, type Hit, type SearchState } from '../search.js';
import { formatTime } from '../time.js';

/** A saved search on a dashboard: its newest logs for its query AND the dashboard's. */
export function SearchPanel(props: { query: string; columns: readonly string[]; state: SearchState }) {
  const [hits, setHits] = useState<readonly Hit[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { query, state } = props;
  useEffect(() => {
    const range = resolveRange(state);
    if (range === undefined) return;
    const controller = new AbortController();
    const combined = [query, state.query]
      .filter((q) => q.trim() !== '')
      .map((q) => `(${q})`)
      .join(' AND ');
    search({ query: queryOf(combined, range), size: 20, sort: [{ [TIMESTAMP]: { order: 'desc' } }] }, range, controller.signal).then(
      (response) => setHits(response.hits.hits),
      (caught: unknown) => {
        if (!controller.signal.aborted) setError(caught instanceof Error ? caught.message : String(caught));
      },
    );
    return () => controller.abort();
  }, [query, state]);
  if (error !== null) return <p className="error">{error}</p>;
  if (hits === null) return <p className="muted">Loading…</p>;
  const columns = props.columns.filter((c) => c !== '_source');
  const shown = columns.length === 0 ? ['message'] : columns;
  return (
    <table className="data-table">
      <thead>
        <tr>
          <th scope="col">Time</th>
          {shown.map((column) => (
            <th scope="col" key={column}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {hits.map((hit) => (
          <tr key={hit._id}>
            <td>{formatTime(Date.parse(String(hit._source[TIMESTAMP])))}</td>
            {shown.map((column) => (
              <td key={column}>{displayValue(fieldValue(hit._source, column))}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
