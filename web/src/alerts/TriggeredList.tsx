import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../api.js';
import { Pager } from '../common/Pager.js';
import { DataTable, type Column } from '../common/DataTable.js';
import { formatTime, messageOf } from '../common/errors.js';
import { AppLink } from '../common/SubNav.js';
import { usePageTitle } from '../common/use-page-title.js';
import { discoverLinkOf, SEVERITIES, type TriggeredAlert, type TriggeredPage } from './alert-model.js';
import { SeverityBadge } from './AlertList.js';
import { useAlerts } from './alert-queries.js';

const PAGE = 100;

/** Firings, newest first, filtered on the server; each opens Discover on its window and query. */
export function TriggeredList() {
  usePageTitle('Triggered alerts');
  const alerts = useAlerts();
  const [search, setSearch] = useState('');
  const [severity, setSeverity] = useState('');
  const [tag, setTag] = useState('');
  const [sortBy, setSortBy] = useState<'DATE' | 'SEVERITY'>('DATE');
  const [page, setPage] = useState(0);
  const body = {
    from: page * PAGE,
    size: PAGE,
    sortBy,
    sortOrder: 'DESC',
    ...(search.trim() === '' ? {} : { search: search.trim() }),
    ...(severity === '' ? {} : { severities: [severity] }),
    ...(tag.trim() === '' ? {} : { tags: [tag.trim()] }),
  };
  const triggered = useQuery({
    queryKey: ['triggered', body],
    queryFn: ({ signal }) => api<TriggeredPage>('POST', '/v1/alerts/triggered-alerts', body, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
  const byId = useMemo(() => new Map((alerts.data ?? []).map((alert) => [alert.id, alert])), [alerts.data]);
  const columns = useMemo<Column<TriggeredAlert>[]>(
    () => [
      { id: 'time', header: 'Fired', enableSorting: false, cell: ({ row }) => formatTime(row.original.eventDate * 1000) },
      {
        id: 'name',
        header: 'Alert',
        enableSorting: false,
        cell: ({ row }) => <AppLink href={`/app/alerts/${row.original.alertId}`}>{row.original.name}</AppLink>,
      },
      { id: 'severity', header: 'Severity', enableSorting: false, cell: ({ row }) => <SeverityBadge severity={row.original.severity} /> },
      {
        id: 'group',
        header: 'Group',
        enableSorting: false,
        cell: ({ row }) =>
          Object.entries(row.original.groupBy)
            .map(([field, value]) => `${field}: ${value}`)
            .join(', ') || '—',
      },
      {
        id: 'value',
        header: 'Value / threshold',
        enableSorting: false,
        cell: ({ row }) => `${row.original.value} / ${row.original.threshold}`,
      },
      { id: 'state', header: 'Notification', enableSorting: false, cell: ({ row }) => row.original.notificationState },
      {
        id: 'logs',
        header: 'Logs',
        enableSorting: false,
        cell: ({ row }) => (
          <AppLink href={discoverLinkOf(row.original, byId.get(row.original.alertId))}>
            View logs
            <span className="visually-hidden">
              {' '}
              of {row.original.name} at {formatTime(row.original.eventDate * 1000)}
            </span>
          </AppLink>
        ),
      },
    ],
    [byId],
  );
  const data = triggered.data;
  return (
    <section aria-labelledby="triggered-title">
      <div className="page-head">
        <h1 id="triggered-title">Triggered alerts</h1>
      </div>
      <form className="filters" role="search" aria-label="Filter triggered alerts" onSubmit={(event) => event.preventDefault()}>
        <label>
          Alert name
          <input type="search" value={search} onChange={(event) => (setSearch(event.target.value), setPage(0))} />
        </label>
        <label>
          Severity
          <select value={severity} onChange={(event) => (setSeverity(event.target.value), setPage(0))}>
            <option value="">Any</option>
            {SEVERITIES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <label>
          Tag
          <input value={tag} onChange={(event) => (setTag(event.target.value), setPage(0))} />
        </label>
        <label>
          Sort by
          <select value={sortBy} onChange={(event) => setSortBy(event.target.value === 'SEVERITY' ? 'SEVERITY' : 'DATE')}>
            <option value="DATE">Newest</option>
            <option value="SEVERITY">Most severe</option>
          </select>
        </label>
      </form>
      {triggered.isError ? (
        <p className="error" role="alert">
          {messageOf(triggered.error)}
        </p>
      ) : data === undefined ? (
        <p className="spinner" role="status">
          Loading…
        </p>
      ) : (
        <>
          <p className="count" role="status" data-testid="triggered-count">
            {data.total === 1 ? '1 firing' : `${data.total} firings`}
          </p>
          <DataTable
            caption="Triggered alerts"
            data={data.results}
            columns={columns}
            rowKey={(row) => row.alertEventId}
            empty="Nothing fired."
            testId="triggered"
          />
          <Pager
            label="Pages of triggered alerts"
            from={data.from}
            shown={data.results.length}
            total={data.total}
            onPage={(direction) => setPage(page + direction)}
            words={['Newer', 'Older']}
          />
        </>
      )}
    </section>
  );
}
