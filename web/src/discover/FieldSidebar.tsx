import { useState } from 'react';
import { displayValue } from '../search.js';

export interface TopValues {
  readonly field: string;
  readonly values: readonly { readonly value: unknown; readonly count: number }[];
  /** Counted over the whole range by the server, or over the loaded rows when the field cannot be aggregated. */
  readonly scope: 'range' | 'loaded';
}

/** Fields of the logs in range: open one for its top values, filter in (+) or out (−), show it as a column. */
export function FieldSidebar(props: {
  fields: readonly string[];
  columns: readonly string[];
  loadTopValues: (field: string) => Promise<TopValues>;
  onFilter: (field: string, value: unknown, negate: boolean) => void;
  onToggleColumn: (field: string) => void;
}) {
  const [open, setOpen] = useState<TopValues | null>(null);
  const [loading, setLoading] = useState<string | null>(null);

  const toggle = async (field: string): Promise<void> => {
    if (open?.field === field) {
      setOpen(null);
      return;
    }
    setLoading(field);
    try {
      setOpen(await props.loadTopValues(field));
    } finally {
      setLoading(null);
    }
  };

  return (
    <aside className="fields" aria-label="Fields">
      <h2>Fields</h2>
      <ul>
        {props.fields.map((field) => (
          <li key={field}>
            <div className="field-row">
              <button type="button" className="field-name" aria-expanded={open?.field === field} onClick={() => void toggle(field)}>
                {field}
              </button>
              <button
                type="button"
                className="icon"
                aria-pressed={props.columns.includes(field)}
                aria-label={`${props.columns.includes(field) ? 'Remove' : 'Add'} column ${field}`}
                title={props.columns.includes(field) ? 'Remove column' : 'Add column'}
                onClick={() => props.onToggleColumn(field)}
              >
                {props.columns.includes(field) ? '−col' : '+col'}
              </button>
            </div>
            {loading === field && <p className="muted">Loading…</p>}
            {open?.field === field && (
              <div className="top-values" data-testid={`top-values-${field}`}>
                <p className="muted">Top values {open.scope === 'range' ? 'in range' : 'in loaded rows'}</p>
                {open.values.length === 0 && <p className="muted">No values</p>}
                <ul>
                  {open.values.map((entry) => (
                    <li key={displayValue(entry.value)}>
                      <span className="value" title={displayValue(entry.value)}>
                        {displayValue(entry.value)}
                      </span>
                      <span className="count">{entry.count}</span>
                      <button
                        type="button"
                        className="icon"
                        aria-label={`Filter for ${field} ${displayValue(entry.value)}`}
                        onClick={() => props.onFilter(field, entry.value, false)}
                      >
                        +
                      </button>
                      <button
                        type="button"
                        className="icon"
                        aria-label={`Filter out ${field} ${displayValue(entry.value)}`}
                        onClick={() => props.onFilter(field, entry.value, true)}
                      >
                        −
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </li>
        ))}
      </ul>
    </aside>
  );
}
