import { useCallback, useEffect, useState } from 'react';
import { api } from '../api.js';
import { resolveRange, type SearchState } from '../search.js';
import { formatTime, TIME_ZONE } from '../time.js';

/** A snapshot as GET /v1/snapshotter answers it (decision 0672). */
interface Snapshot {
  readonly snapshotId: number;
  readonly snapshotType: 'DASHBOARD' | 'VISUALIZATION';
  readonly status: 'IN_PROGRESS' | 'SUCCESS' | 'FAILED';
  readonly snapshotSavedObjectName: string;
  readonly imageUrl: string;
  readonly appLinkUrl: string;
  readonly message: string;
  readonly progress: number;
  readonly createdAt: number;
  readonly deliveries: readonly { channel: string; target: string; delivered: boolean; error: string | null }[];
}

interface Endpoint {
  readonly id: number;
  readonly title: string;
}

const STATUS_TEXT: Readonly<Record<Snapshot['status'], string>> = { IN_PROGRESS: 'In progress', SUCCESS: 'Done', FAILED: 'Failed' };

const list = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((item) => item.trim())
    .filter((item) => item !== '');

/** The account's latest snapshots with their status; polls while one is in progress. */
export function SnapshotList(props: { refreshKey: number }) {
  const [snapshots, setSnapshots] = useState<readonly Snapshot[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(
    () =>
      api<{ results: Snapshot[] }>('GET', '/v1/snapshotter?size=10').then(
        (answer) => setSnapshots(answer.results),
        (caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught)),
      ),
    [],
  );
  useEffect(() => void load(), [load, props.refreshKey]);
  const running = snapshots?.some((snapshot) => snapshot.status === 'IN_PROGRESS') ?? false;
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => void load(), 1000);
    return () => window.clearInterval(timer);
  }, [running, load]);
  if (error !== null)
    return (
      <p className="error" role="alert">
        {error}
      </p>
    );
  if (snapshots === null) return <p className="muted">Loading snapshots…</p>;
  if (snapshots.length === 0) return <p className="muted">No snapshots yet.</p>;
  return (
    <table className="data-table" aria-label="Snapshots">
      <thead>
        <tr>
          <th scope="col">Taken</th>
          <th scope="col">Of</th>
          <th scope="col">Status</th>
          <th scope="col">Sent</th>
          <th scope="col">Links</th>
        </tr>
      </thead>
      <tbody>
        {snapshots.map((snapshot) => (
          <tr key={snapshot.snapshotId} data-testid="snapshot-row">
            <td>{formatTime(snapshot.createdAt)}</td>
            <td>{snapshot.snapshotSavedObjectName}</td>
            <td>
              {STATUS_TEXT[snapshot.status]}
              {snapshot.status === 'IN_PROGRESS' && ` (${Math.round(snapshot.progress * 100)} %)`}
              {snapshot.status === 'FAILED' && <span className="muted">: {snapshot.message}</span>}
            </td>
            <td>
              {snapshot.deliveries.filter((d) => d.delivered).length} of {snapshot.deliveries.length}
            </td>
            <td>
              {snapshot.imageUrl !== '' && (
                <a href={snapshot.imageUrl} target="_blank" rel="noreferrer">
                  Image
                </a>
              )}{' '}
              <a href={snapshot.appLinkUrl}>View</a>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** "Take a snapshot" of a saved dashboard or visualization: who gets it, then the list of snapshots and their status. */
export function SnapshotPanel(props: { type: 'DASHBOARD' | 'VISUALIZATION'; objectId: string; state: SearchState }) {
  const [open, setOpen] = useState(false);
  const [emails, setEmails] = useState('');
  const [slack, setSlack] = useState('');
  const [message, setMessage] = useState('');
  const [dark, setDark] = useState(window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false);
  const [endpoints, setEndpoints] = useState<readonly Endpoint[]>([]);
  const [chosen, setChosen] = useState<readonly number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(0);
  useEffect(() => {
    if (!open) return;
    api<Endpoint[]>('GET', '/v1/endpoints').then(setEndpoints, () => setEndpoints([]));
  }, [open]);

  const submit = async (): Promise<void> => {
    setError(null);
    const range = resolveRange(props.state);
    if (range === undefined) {
      setError('The time range is not valid');
      return;
    }
    try {
      await api('POST', '/v1/snapshotter', {
        snapshotType: props.type,
        snapshotSavedObjectId: props.objectId,
        timeFrameFrom: range.fromMs,
        timeFrameTo: range.toMs,
        snapshotTimeZone: TIME_ZONE,
        emails: list(emails),
        slackWebhookUrls: list(slack),
        endpoints: chosen,
        message,
        queryString: props.state.query,
        darkTheme: dark,
      });
      setSent((n) => n + 1);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  };

  return (
    <section className="snapshot-panel" aria-label="Snapshots">
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        Take a snapshot
      </button>
      {open && (
        <form
          className="snapshot-form"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <label>
            E-mail recipients
            <input value={emails} onChange={(event) => setEmails(event.target.value)} placeholder="ops@example.com, …" />
          </label>
          <label>
            Slack webhook URLs
            <input value={slack} onChange={(event) => setSlack(event.target.value)} placeholder="https://hooks.slack.com/services/…" />
          </label>
          {endpoints.length > 0 && (
            <fieldset>
              <legend>Notification endpoints</legend>
              {endpoints.map((endpoint) => (
                <label key={endpoint.id}>
                  <input
                    type="checkbox"
                    checked={chosen.includes(endpoint.id)}
                    onChange={(event) =>
                      setChosen(event.target.checked ? [...chosen, endpoint.id] : chosen.filter((id) => id !== endpoint.id))
                    }
                  />{' '}
                  {endpoint.title}
                </label>
              ))}
            </fieldset>
          )}
          <label>
            Message
            <input value={message} onChange={(event) => setMessage(event.target.value)} maxLength={2000} />
          </label>
          <label>
            <input type="checkbox" checked={dark} onChange={(event) => setDark(event.target.checked)} /> Dark theme
          </label>
          <p className="muted">
            The image shows {props.state.query.trim() === '' ? 'all logs' : `“${props.state.query}”`} over the time range picked above, in{' '}
            {TIME_ZONE}.
          </p>
          <button type="submit" className="primary">
            Send snapshot
          </button>
          {error !== null && (
            <p className="error" role="alert">
              {error}
            </p>
          )}
          {sent > 0 && error === null && <p role="status">Snapshot queued: it is drawn and sent in the background.</p>}
          <SnapshotList refreshKey={sent} />
        </form>
      )}
    </section>
  );
}
