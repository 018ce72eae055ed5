import { useMemo, useState } from 'react';
import { AppLink } from '../common/SubNav.js';
import { DataTable, type Column } from '../common/DataTable.js';
import { formatTime, messageOf } from '../common/errors.js';
import { usePageTitle } from '../common/use-page-title.js';
import { ApiError } from '../api.js';
import { canWrite, useSession } from '../session.js';
import { SEVERITIES, topSeverity, type Alert } from './alert-model.js';
import { useAlerts, useBulkAlerts, useSetAlertEnabled, type BulkAlertAction } from './alert-queries.js';
import { BulkBar, SwitchActions } from '../common/BulkBar.js';
import { AnySelect, STATE_CHOICES } from '../common/AnySelect.js';

export function SeverityBadge({ severity }: { severity: string | undefined }) {
  if (severity === undefined) return <span className="muted">—</span>;
  return <span className={`badge severity-${severity.toLowerCase()}`}>{severity}</span>;
}

export function AlertList() {
  usePageTitle('Alerts');
  const session = useSession();
  const writable = canWrite(session);
  const alerts = useAlerts();
  const toggle = useSetAlertEnabled();
  const [search, setSearch] = useState('');
  const [severity, setSeverity] = useState('');
  const [tag, setTag] = useState('');
  const [enabled, setEnabled] = useState('');
  const [changedBy, setChangedBy] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [ended, setEnded] = useState(0);
  const bulk = useBulkAlerts(setEnded);
  // Titles as they were when the action started: a failed alert may since have left the list.
  const [actedOn, setActedOn] = useState<ReadonlyMap<number, string>>(new Map());

  const all = useMemo(() => alerts.data ?? [], [alerts.data]);
  const tags = useMemo(() => [...new Set(all.flatMap((alert) => alert.tags ?? []))].sort(), [all]);
  const editors = useMemo(() => [...new Set(all.map((alert) => alert.updatedBy))].sort(), [all]);
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return all.filter(
      (alert) =>
        (needle === '' || alert.title.toLowerCase().includes(needle) || (alert.description ?? '').toLowerCase().includes(needle)) &&
        (severity === '' || topSeverity(alert) === severity) &&
        (tag === '' || (alert.tags ?? []).includes(tag)) &&
        (enabled === '' || String(alert.enabled) === enabled) &&
        (changedBy === '' || alert.updatedBy === changedBy),
    );
  }, [all, search, severity, tag, enabled, changedBy]);

  // Only rows still shown are acted on: a filter change never leaves hidden rows ticked.
  const shownIds = useMemo(() => new Set(shown.map((alert) => String(alert.id))), [shown]);
  const ticked = [...selected].filter((id) => shownIds.has(id)).map(Number);
  const runBulk = (action: BulkAlertAction) => {
    const count = ticked.length === 1 ? '1 alert' : `${ticked.length} alerts`;
    if (action === 'delete' && !window.confirm(`Delete ${count}? This cannot be undone.`)) return;
    setEnded(0);
    setActedOn(new Map(all.filter((alert) => ticked.includes(alert.id)).map((alert) => [alert.id, alert.title])));
    bulk.mutate({ ids: ticked, action }, { onSuccess: ({ failed }) => setSelected(new Set(failed.map(({ item }) => String(item)))) });
  };
  const columns = useMemo<Column<Alert>[]>(
    () => [
      {
        id: 'title',
        header: 'Title',
        accessorFn: (alert) => alert.title,
        cell: ({ row }) => <AppLink href={`/app/alerts/${row.original.id}`}>{row.original.title}</AppLink>,
      },
      {
        id: 'severity',
        header: 'Severity',
        accessorFn: (alert) => SEVERITIES.indexOf(topSeverity(alert) ?? 'INFO'),
        cell: ({ row }) => <SeverityBadge severity={topSeverity(row.original)} />,
      },
      { id: 'tags', header: 'Tags', enableSorting: false, cell: ({ row }) => (row.original.tags ?? []).join(', ') },
      {
        id: 'enabled',
        header: 'Enabled',
        accessorFn: (alert) => (alert.enabled ? 1 : 0),
        cell: ({ row }) => (
          <label className="switch">
            <input
              type="checkbox"
              checked={row.original.enabled}
              disabled={!writable || toggle.isPending}
              onChange={(event) => toggle.mutate({ id: row.original.id, enabled: event.target.checked })}
            />
            <span className="visually-hidden">Enabled: {row.original.title}</span>
          </label>
        ),
      },
      {
        id: 'window',
        header: 'Window',
        accessorFn: (alert) => alert.searchTimeFrameMinutes,
        cell: ({ getValue }) => `${String(getValue())} min`,
      },
      {
        id: 'updated',
        header: 'Last changed',
        accessorFn: (alert) => alert.updatedAt,
        cell: ({ row }) => (
          <>
            {formatTime(Date.parse(row.original.updatedAt))} <span className="muted">by {row.original.updatedBy}</span>
          </>
        ),
      },
    ],
    [writable, toggle],
  );

  return (
    <section aria-labelledby="alerts-title">
      <div className="page-head">
        <h1 id="alerts-title">Alerts</h1>
        {writable && (
          <AppLink href="/app/alerts/new" className="button primary">
            New alert
          </AppLink>
        )}
      </div>
      <form className="filters" role="search" aria-label="Filter alerts" onSubmit={(event) => event.preventDefault()}>
        <label>
          Search
          <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Title or description" />
        </label>
        <AnySelect label="Severity" value={severity} onChange={setSeverity} options={SEVERITIES} />
        <AnySelect label="Tag" value={tag} onChange={setTag} options={tags} />
        <AnySelect label="State" value={enabled} onChange={setEnabled} options={STATE_CHOICES} />
        <label>
          Changed by
          <select value={changedBy} onChange={(event) => setChangedBy(event.target.value)}>
            <option value="">Anyone</option>
            {editors.map((e) => (
              <option key={e}>{e}</option>
            ))}
          </select>
        </label>
      </form>
      {alerts.isPending ? (
        <p className="spinner" role="status">
          Loading alerts…
        </p>
      ) : alerts.isError ? (
        <p className="error" role="alert">
          {messageOf(alerts.error)}
        </p>
      ) : (
        <>
          <p className="count" role="status" data-testid="alert-count">
            {shown.length === all.length ? `${all.length} alerts` : `${shown.length} of ${all.length} alerts`}
          </p>
          {writable && (
            <BulkBar
              noun={['alert', 'alerts']}
              selected={ticked.length}
              matching={shown.length}
              allMatching={false}
              onSelectAllMatching={() => setSelected(new Set(shownIds))}
              onClear={() => setSelected(new Set())}
            >
              <SwitchActions pending={bulk.isPending} onAction={runBulk} />
            </BulkBar>
          )}
          {bulk.isPending && (
            <p role="status" data-testid="bulk-progress">
              {`${ended} of ${bulk.variables.ids.length} alerts done…`}
            </p>
          )}
          {bulk.isSuccess && (
            <BulkOutcome action={bulk.variables.action} done={bulk.data.done} failed={bulk.data.failed} titles={actedOn} />
          )}
          {toggle.isError && (
            <p className="error" role="alert">
              {messageOf(toggle.error)}
            </p>
          )}
          <DataTable
            caption="Alerts"
            data={shown}
            columns={columns}
            rowKey={(alert) => String(alert.id)}
            empty="No alert matches."
            testId="alerts"
            {...(writable ? { selection: { selected, onChange: setSelected, rowLabel: (alert: Alert) => alert.title } } : {})}
          />
        </>
      )}
    </section>
  );
}

/** What a bulk action did: how many it changed, and each alert it could not change with the reason. */
function BulkOutcome(props: {
  action: BulkAlertAction;
  done: number;
  failed: readonly { item: number; error: unknown }[];
  titles: ReadonlyMap<number, string>;
}) {
  const { action, done, failed, titles } = props;
  const verb = action === 'delete' ? 'deleted' : `${action}d`;
  return (
    <>
      <p role="status" data-testid="bulk-result">
        {done === 1 ? '1 alert' : `${done} alerts`} {verb}
        {failed.length > 0 && `; ${failed.length} failed (those still shown stay selected)`}
      </p>
      {failed.length > 0 && (
        <div role="alert" className="error" data-testid="bulk-failures">
          <ul>
            {failed.map(({ item, error }) => (
              <li key={item}>
                {titles.get(item) ?? `Alert ${item}`}:{' '}
                {error instanceof ApiError && error.status === 404 ? 'it no longer exists' : messageOf(error)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
