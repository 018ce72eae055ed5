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

function Expanded(props: { hit: Hit; onFilter: (field: string, value: unknown, negate: boolean) => void }) {
  const [view, setView] = useState<'table' | 'json'>('table');
  return (
    <div className="expanded">
      <div role="tablist" aria-label="Log view">
        <button type="button" role="tab" aria-selected={view === 'table'} onClick={() => setView('table')}>
          Table
        </button>
        <button type="button" role="tab" aria-selected={view === 'json'} onClick={() => setView('json')}>
          JSON
        </button>
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

/** The logs, newest first; a row expands to the whole log; reaching the end loads the next page. */
export function LogTable(props: {
  hits: readonly Hit[];
  columns: readonly string[];
  hasMore: boolean;
  loadMore: () => void;
  onFilter: (field: string, value: unknown, negate: boolean) => void;
  onRemoveColumn: (field: string) => void;
}) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const sentinel = useRef<HTMLTableRowElement>(null);
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

  return (
    <table className="logs" aria-label="Logs">
      <thead>
        <tr>
          <th scope="col" className="toggle">
            <span className="visually-hidden">Expand</span>
          </th>
          <th scope="col" className="time">
            Time ↓
          </th>
          {columns.map((column) => (
            <th scope="col" key={column}>
              {column === '_source' ? 'Document' : column}
              {column !== '_source' && (
                <button type="button" className="icon" aria-label={`Remove column ${column}`} onClick={() => props.onRemoveColumn(column)}>
                  ×
                </button>
              )}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.hits.map((hit) => {
          const open = expanded.has(hit._id);
          return (
            <Fragment key={hit._id}>
              <tr className="log-row">
                <td>
                  <button
                    type="button"
                    className="icon"
                    aria-expanded={open}
                    aria-label={open ? 'Collapse log' : 'Expand log'}
                    onClick={() => {
                      const next = new Set(expanded);
                      if (open) next.delete(hit._id);
                      else next.add(hit._id);
                      setExpanded(next);
                    }}
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
                <tr>
                  <td colSpan={columns.length + 2}>
                    <Expanded hit={hit} onFilter={props.onFilter} />
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
