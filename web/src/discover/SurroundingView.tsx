import { useCallback, useEffect, useState } from 'react';
import { fieldValue, TIMESTAMP, type Hit } from '../search.js';
import { loadSurrounding } from './discover-data.js';
import { LogTable } from './LogTable.js';

const STEP = 10;

/** Fields that name where a log comes from, in the order a "same …" choice is offered. */
const SOURCE_FIELDS = ['host', 'service', 'type', 'program', 'container.name', 'kubernetes.pod.name'];

/**
 * The logs before and after one log, over everything retained, on the same host/service or the whole account; each
 * direction extends by 10 at a time. The anchor stays marked in the middle.
 */
export function SurroundingView(props: {
  anchor: Hit;
  columns: readonly string[];
  onClose: () => void;
  onFilter: (field: string, value: unknown, negate: boolean) => void;
}) {
  const sources = SOURCE_FIELDS.filter((field) => {
    const value = fieldValue(props.anchor._source, field);
    return typeof value === 'string' || typeof value === 'number';
  });
  const [scope, setScope] = useState<string>(sources[0] ?? '');
  const [newer, setNewer] = useState<readonly Hit[]>([]);
  const [older, setOlder] = useState<readonly Hit[]>([]);
  const [complete, setComplete] = useState({ newer: false, older: false });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sameAs = scope === '' ? {} : { [scope]: fieldValue(props.anchor._source, scope) };

  const load = useCallback(
    async (from: Hit, olderCount: number, newerCount: number) => {
      setBusy(true);
      try {
        return await loadSurrounding(from, olderCount, newerCount, sameAs);
      } catch (caught) {
        setError(caught instanceof Error ? caught.message : String(caught));
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [scope],
  );

  useEffect(() => {
    setNewer([]);
    setOlder([]);
    setError(null);
    void load(props.anchor, STEP, STEP).then((answer) => {
      if (answer === undefined) return;
      setNewer(answer.newer);
      setOlder(answer.older);
      setComplete({ newer: answer.newerComplete, older: answer.olderComplete });
    });
  }, [load, props.anchor]);

  const more = async (direction: 'newer' | 'older'): Promise<void> => {
    const edge = direction === 'newer' ? newer[0] : older[older.length - 1];
    const answer = await load(edge ?? props.anchor, direction === 'older' ? STEP : 0, direction === 'newer' ? STEP : 0);
    if (answer === undefined) return;
    if (direction === 'newer') {
      setNewer([...answer.newer, ...newer]);
      setComplete({ ...complete, newer: answer.newerComplete });
    } else {
      setOlder([...older, ...answer.older]);
      setComplete({ ...complete, older: answer.olderComplete });
    }
  };

  const when = String(props.anchor._source[TIMESTAMP] ?? '');
  return (
    <section className="surrounding" aria-label="Surrounding documents">
      <header className="toolbar">
        <button type="button" onClick={props.onClose}>
          ← Back to results
        </button>
        <strong>Surrounding documents</strong>
        <span className="muted">of the log at {when}</span>
        <label>
          On{' '}
          <select aria-label="Surrounding logs of" value={scope} onChange={(event) => setScope(event.target.value)}>
            {sources.map((field) => (
              <option key={field} value={field}>
                the same {field} ({String(fieldValue(props.anchor._source, field))})
              </option>
            ))}
            <option value="">the whole account</option>
          </select>
        </label>
        {busy && (
          <span className="spinner" role="status">
            Loading…
          </span>
        )}
      </header>
      {error !== null && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button type="button" disabled={complete.newer || busy} onClick={() => void more('newer')}>
        {complete.newer ? 'No newer logs' : `Load ${STEP} newer`}
      </button>
      <LogTable
        label="Surrounding logs"
        hits={[...newer, props.anchor, ...older]}
        columns={props.columns}
        sort={{ field: TIMESTAMP, order: 'desc' }}
        sortable={() => false}
        onSort={() => undefined}
        hasMore={false}
        loadMore={() => undefined}
        onFilter={props.onFilter}
        onRemoveColumn={() => undefined}
        highlightId={props.anchor._id}
      />
      <button type="button" disabled={complete.older || busy} onClick={() => void more('older')}>
        {complete.older ? 'No older logs' : `Load ${STEP} older`}
      </button>
    </section>
  );
}
