import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { displayValue, fieldValue, flatten, HIGHLIGHT_POST, HIGHLIGHT_PRE, TIMESTAMP, type Hit } from '../search.js';
import { formatTime } from '../time.js';

/** Renders server highlight fragments as <mark> without ever parsing log text as HTML. */
function highlighted(fragment: string): ReactNode {
  const parts: ReactNode[] = [];
  let rest = fragment;
  let key = 0;
  for (;;) {
    const start = rest.indexOf(HIGHLIGHT_PRE);
    if (start < 0) break;
    const end = rest.indexOf(HIGHLIGHT_POST, start);
    if (end < 0) break;
    parts.push(rest.slice(0, start), <mark key={key++}>{rest.slice(start + HIGHLIGHT_PRE.length, end)}</mark>);
    rest = rest.slice(end + HIGHLIGHT_POST.length);
  }
  parts.push(rest);
  return parts;
}

function cell(hit: Hit, column: string): ReactNode {
  const fragments = hit.highlight?.[column];
  if (fragments !== undefined && fragments.length > 0) return fragments.map((f, i) => <Fragment key={i}>{highlighted(f)}</Fragment>);
  const value = fieldValue(hit._source, column);
  if (column === '_source') return summary(hit);
  return displayValue(value);
}

function summary(hit: Hit): ReactNode {
  return flatten(hit._source)
    .filter(([name]) => name !== TIMESTAMP)
    .slice(0, 12)
    .map(([name, value]) => (
      <span className="pair" key={name}>
        <b>{name}:</b> {hit.highlight?.[name]?.[0] !== undefined ? highlighted(hit.highlight[name][0]) : displayValue(value)}{' '}
      </span>
    ));
}

function timeOf(hit: Hit): string {
  const value = hit._source[TIMESTAMP];
  const ms = typeof value === 'string' ? Date.parse(value) : typeof value === 'number' ? value : NaN;
  return Number.isNaN(ms) ? displayValue(value) : formatTime(ms);
}

function Expanded(props: {
  hit: Hit;
  onFilter: (field: string, value: unknown, negate: boolean) => void;
  onSurrounding?: ((hit: Hit) => void) | undefined;
}) {
  const [view, setView] = useState<'table' | 'json'>('table');
  const { onSurrounding } = props;
  return (
    <div className="expanded">
      <div role="tablist" aria-label="Log view">
        <button type="button" role="tab" aria-selected={view === 'table'} onClick={() => setView('table')}>
          Table
        </button>
        <button type="button" role="tab" aria-selected={view === 'json'} onClick={() => setView('json')}>
          JSON
        </button>
        {onSurrounding !== undefined && (
          <button type="button" className="link" onClick={() => onSurrounding(props.hit)}>
            View surrounding documents
          </button>
        )}
      </div>
      {view === 'table' ? (
        <table className="doc" data-testid="doc-table">
          <tbody>
            {flatten(props.hit._source).map(([name, value]) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                <td>
                  <button
                    type="button"
                    className="icon"
                    aria-label={`Filter for ${name}`}
                    onClick={() => props.onFilter(name, value, false)}
                  >
                    +
                  </button>
                  <button
                    type="button"
                    className="icon"
                    aria-label={`Filter out ${name}`}
                    onClick={() => props.onFilter(name, value, true)}
                  >
                    −
                  </button>{' '}
                  {displayValue(value)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <pre className="json" data-testid="doc-json">
          {JSON.stringify(props.hit._source, null, 2)}
        </pre>
      )}
    </div>
  );
}

/** The level of a log as one of five bands, for its colour (`level`, `log.level`, `severity`, syslog numbers). */
export function levelOf(hit: Hit): 'error' | 'warn' | 'info' | 'debug' | undefined {
  const raw =
    fieldValue(hit._source, 'level') ??
    fieldValue(hit._source, 'log.level') ??
    fieldValue(hit._source, 'severity') ??
    fieldValue(hit._source, 'loglevel');
  if (raw === undefined || raw === null) return undefined;
  const text = String(raw).toLowerCase();
  if (/^(err|error|fatal|crit|critical|alert|emerg|panic|severe|[0-3])$/.test(text)) return 'error';
  if (/^(warn|warning|4)$/.test(text)) return 'warn';
  if (/^(info|information|notice|[56])$/.test(text)) return 'info';
  if (/^(debug|trace|verbose|7)$/.test(text)) return 'debug';
  return undefined;
}

export interface SortState {
  readonly field: string;
  readonly order: 'asc' | 'desc';
}

/**
 * The logs in the order asked (newest first by default); a row expands to the whole log; reaching the end loads the
 * next page. Rows are reached by keyboard: ↓/↑ (or j/k) move between them, Enter opens one. A column of a sortable
 * field sorts by its header.
 */
export function LogTable(props: {
  hits: readonly Hit[];
  columns: readonly string[];
  sort: SortState;
  sortable: (field: string) => boolean;
  onSort: (field: string) => void;
  hasMore: boolean;
  loadMore: () => void;
  onFilter: (field: string, value: unknown, negate: boolean) => void;
  onRemoveColumn: (field: string) => void;
  onSurrounding?: ((hit: Hit) => void) | undefined;
  /** Marks one row (the anchor of surrounding documents). */
  highlightId?: string | undefined;
  label?: string;
}) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [focused, setFocused] = useState(0);
  const sentinel = useRef<HTMLTableRowElement>(null);
  const body = useRef<HTMLTableSectionElement>(null);
  const { hasMore, loadMore } = props;
  useEffect(() => {
    const element = sentinel.current;
    if (element === null || !hasMore) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadMore();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loadMore, props.hits.length]);
  const columns = props.columns.length === 0 ? ['_source'] : props.columns;
  const toggle = (id: string): void => {
    const next = new Set(expanded);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setExpanded(next);
  };
  const focusRow = (index: number): void => {
    const bounded = Math.max(0, Math.min(props.hits.length - 1, index));
    setFocused(bounded);
    body.current?.querySelector<HTMLTableRowElement>(`tr.log-row[data-index="${bounded}"]`)?.focus();
  };
  const arrow = (field: string): string => (props.sort.field === field ? (props.sort.order === 'desc' ? ' ↓' : ' ↑') : '');
  const header = (field: string, label: string) =>
    props.sortable(field) ? (
      <button
        type="button"
        className="sort"
        aria-label={`Sort by ${label}${props.sort.field === field ? (props.sort.order === 'desc' ? ', now newest or largest first' : ', now oldest or smallest first') : ''}`}
        onClick={() => props.onSort(field)}
      >
        {label}
        {arrow(field)}
      </button>
    ) : (
      label
    );

  return (
    <table className="logs" aria-label={props.label ?? 'Logs'}>
      <thead>
        <tr>
          <th scope="col" className="toggle">
            <span className="visually-hidden">Expand</span>
          </th>
          <th
            scope="col"
            className="time"
            aria-sort={props.sort.field === TIMESTAMP ? (props.sort.order === 'desc' ? 'descending' : 'ascending') : 'none'}
          >
            {header(TIMESTAMP, 'Time')}
          </th>
          {columns.map((column) => (
            <th
              scope="col"
              key={column}
              aria-sort={props.sort.field === column ? (props.sort.order === 'desc' ? 'descending' : 'ascending') : undefined}
            >
              {column === '_source' ? 'Document' : header(column, column)}
              {column !== '_source' && (
                <button type="button" className="icon" aria-label={`Remove column ${column}`} onClick={() => props.onRemoveColumn(column)}>
                  ×
                </button>
              )}
            </th>
          ))}
        </tr>
      </thead>
      <tbody ref={body}>
        {props.hits.map((hit, index) => {
          const open = expanded.has(hit._id);
          const level = levelOf(hit);
          return (
            <Fragment key={hit._id}>
              <tr
                className={`log-row${level === undefined ? '' : ` level-${level}`}${props.highlightId === hit._id ? ' anchor' : ''}`}
                data-index={index}
                tabIndex={index === focused ? 0 : -1}
                aria-expanded={open}
                onFocus={() => setFocused(index)}
                onKeyDown={(event) => {
                  if (event.target !== event.currentTarget) return;
                  if (event.key === 'ArrowDown' || event.key === 'j') {
                    event.preventDefault();
                    focusRow(index + 1);
                  } else if (event.key === 'ArrowUp' || event.key === 'k') {
                    event.preventDefault();
                    focusRow(index - 1);
                  } else if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    toggle(hit._id);
                  }
                }}
              >
                <td>
                  <button
                    type="button"
                    className="icon"
                    tabIndex={-1}
                    aria-expanded={open}
                    aria-label={open ? 'Collapse log' : 'Expand log'}
                    onClick={() => toggle(hit._id)}
                  >
                    {open ? '▾' : '▸'}
                  </button>
                </td>
                <td className="time">{timeOf(hit)}</td>
                {columns.map((column) => (
                  <td key={column}>{cell(hit, column)}</td>
                ))}
              </tr>
              {open && (
                <tr className="expanded-row">
                  <td colSpan={columns.length + 2}>
                    <Expanded hit={hit} onFilter={props.onFilter} onSurrounding={props.onSurrounding} />
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
        <tr ref={sentinel}>
          <td colSpan={columns.length + 2} className="muted">
            {props.hasMore ? 'Loading more…' : props.hits.length === 0 ? 'No logs match' : 'End of results'}
          </td>
        </tr>
      </tbody>
    </table>
  );
}
