import { useMemo, useState } from 'react';
import { displayValue, type FieldInfo } from '../search.js';
import type { FieldStats } from './discover-data.js';

/**
 * Every field of the account's catalog: those holding a value in the matching logs of the range first, the empty
 * ones apart and marked. A field opens Kibana-style statistics (top values over a sample with exact counts,
 * min/max/average and a distribution for numbers), filters for or out a value, becomes a column, or a chart.
 */
export function FieldSidebar(props: {
  fields: readonly FieldInfo[];
  /** Fields with a value in range; undefined while being counted. */
  present: ReadonlySet<string> | undefined;
  columns: readonly string[];
  loadStats: (field: FieldInfo) => Promise<FieldStats>;
  onFilter: (field: string, value: unknown, negate: boolean) => void;
  onToggleColumn: (field: string) => void;
  onVisualize: (field: FieldInfo) => void;
}) {
  const [open, setOpen] = useState<string | null>(null);
  const [stats, setStats] = useState<FieldStats | { field: string; error: string } | null>(null);
  const [filter, setFilter] = useState('');
  const [showEmpty, setShowEmpty] = useState(false);

  const shown = useMemo(
    () => props.fields.filter((field) => field.name.toLowerCase().includes(filter.toLowerCase())),
    [props.fields, filter],
  );
  const available = props.present === undefined ? shown : shown.filter((field) => props.present?.has(field.name));
  const empty = props.present === undefined ? [] : shown.filter((field) => !props.present?.has(field.name));

  const toggle = async (field: FieldInfo): Promise<void> => {
    if (open === field.name) {
      setOpen(null);
      return;
    }
    setOpen(field.name);
    setStats(null);
    try {
      setStats(await props.loadStats(field));
    } catch (caught) {
      setStats({ field: field.name, error: caught instanceof Error ? caught.message : String(caught) });
    }
  };

  const row = (field: FieldInfo, isEmpty: boolean) => {
    const inColumns = props.columns.includes(field.name);
    return (
      <li key={field.name} className={isEmpty ? 'empty-field' : undefined} data-field={field.name}>
        <div className="field-row">
          <button type="button" className="field-name" aria-expanded={open === field.name} onClick={() => void toggle(field)}>
            <span className={`field-type t-${field.type}`} title={field.type}>
              {typeGlyph(field.type)}
            </span>
            {field.name}
            {isEmpty && <span className="visually-hidden"> (empty in this range)</span>}
          </button>
          <button
            type="button"
            className="icon"
            aria-pressed={inColumns}
            aria-label={`${inColumns ? 'Remove' : 'Add'} column ${field.name}`}
            title={inColumns ? 'Remove column' : 'Add column'}
            onClick={() => props.onToggleColumn(field.name)}
          >
            {inColumns ? '−col' : '+col'}
          </button>
        </div>
        {open === field.name && <StatsView field={field} stats={stats} onFilter={props.onFilter} onVisualize={props.onVisualize} />}
      </li>
    );
  };

  return (
    <aside className="fields" aria-label="Fields">
      <h2>
        Fields{' '}
        <span className="muted">
          {props.present === undefined ? `${props.fields.length}` : `${available.length} of ${props.fields.length} in range`}
        </span>
      </h2>
      <input
        className="field-filter"
        type="text"
        aria-label="Filter field names"
        placeholder="Filter fields"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      <ul aria-label="Fields with values">{available.map((field) => row(field, false))}</ul>
      {empty.length > 0 && (
        <>
          <button type="button" className="link" aria-expanded={showEmpty} onClick={() => setShowEmpty(!showEmpty)}>
            {showEmpty ? '▾' : '▸'} Empty fields ({empty.length})
          </button>
          {showEmpty && <ul aria-label="Empty fields">{empty.map((field) => row(field, true))}</ul>}
        </>
      )}
    </aside>
  );
}

function typeGlyph(type: string): string {
  if (type === 'text') return 't';
  if (type === 'keyword') return 'k';
  if (type === 'date') return 'd';
  if (type === 'boolean') return 'b';
  if (['long', 'integer', 'short', 'byte', 'double', 'float'].includes(type)) return '#';
  return '?';
}

function formatNumber(n: number): string {
  return Number.isInteger(n) ? n.toLocaleString() : n.toLocaleString(undefined, { maximumFractionDigits: 2 });
}

function StatsView(props: {
  field: FieldInfo;
  stats: FieldStats | { field: string; error: string } | null;
  onFilter: (field: string, value: unknown, negate: boolean) => void;
  onVisualize: (field: FieldInfo) => void;
}) {
  const { field, stats } = props;
  if (stats === null || stats.field !== field.name)
    return (
      <p className="muted stats-loading" role="status">
        Counting…
      </p>
    );
  if ('error' in stats) return <p className="error">{stats.error}</p>;
  const maxBucket = Math.max(1, ...(stats.numbers?.buckets.map((bucket) => bucket.count) ?? []));
  return (
    <div className="top-values" data-testid={`field-stats-${field.name}`}>
      <p className="muted">
        In {stats.exists.toLocaleString()} of {stats.total.toLocaleString()} matching logs (
        {stats.total === 0 ? 0 : Math.round((stats.exists / stats.total) * 100)}
        %). Top values of the newest {stats.sampleSize}:
      </p>
      {stats.top.length === 0 && <p className="muted">No values</p>}
      <ul>
        {stats.top.map((entry) => (
          <li key={displayValue(entry.value)}>
            <span className="value" title={displayValue(entry.value)}>
              {displayValue(entry.value)}
            </span>
            <span className="percent" style={{ ['--share' as string]: `${entry.samplePercent}%` }}>
              {entry.samplePercent.toFixed(entry.samplePercent < 10 ? 1 : 0)}%
            </span>
            <span className="count" title="Matching logs of the whole range with this value">
              {entry.count === undefined ? '' : entry.count.toLocaleString()}
            </span>
            <button
              type="button"
              className="icon"
              aria-label={`Filter for ${field.name} ${displayValue(entry.value)}`}
              onClick={() => props.onFilter(field.name, entry.value, false)}
            >
              +
            </button>
            <button
              type="button"
              className="icon"
              aria-label={`Filter out ${field.name} ${displayValue(entry.value)}`}
              onClick={() => props.onFilter(field.name, entry.value, true)}
            >
              −
            </button>
          </li>
        ))}
      </ul>
      {stats.numbers !== undefined && (
        <div className="number-stats">
          <p>
            min <b>{formatNumber(stats.numbers.min)}</b> · avg <b>{formatNumber(stats.numbers.avg)}</b> · max{' '}
            <b>{formatNumber(stats.numbers.max)}</b>
          </p>
          <svg
            className="distribution"
            viewBox="0 0 200 40"
            preserveAspectRatio="none"
            role="img"
            aria-label={`Distribution of ${field.name}`}
          >
            {stats.numbers.buckets.map((bucket, i) => {
              const width = 200 / Math.max(1, stats.numbers?.buckets.length ?? 1);
              const height = (bucket.count / maxBucket) * 38;
              return (
                <rect key={bucket.key} x={i * width} width={Math.max(1, width - 1)} y={40 - height} height={height}>
                  <title>
                    {formatNumber(bucket.key)}: {bucket.count}
                  </title>
                </rect>
              );
            })}
          </svg>
        </div>
      )}
      <button type="button" className="link" onClick={() => props.onVisualize(field)}>
        Visualize {field.name}
      </button>
    </div>
  );
}
