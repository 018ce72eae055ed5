import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../api.js';
import { DataTable, type Column } from '../common/DataTable.js';
import { formatTime, messageOf } from '../common/errors.js';
import { usePageTitle } from '../common/use-page-title.js';
import { canWrite, useSession } from '../session.js';
import { SEVERITIES } from '../alerts/alert-model.js';
import { SeverityBadge } from '../alerts/AlertList.js';
import type { EventPage, SecurityEvent } from './security-model.js';
import { AccountKindNotice } from './AccountKindNotice.js';
import { AnySelect } from '../common/AnySelect.js';
import { Pager } from '../common/Pager.js';
import { BulkTriage } from './BulkTriage.js';
import { TriagePanel } from './EventTriagePanel.js';

/** Events read a page at a time, newest first. */
const EVENTS_PAGE = 200;

/** Security events with their triage; one opens below the list to triage it and read the logs that made it. */
export function EventList() {
  usePageTitle('Security events');
  const [search, setSearch] = useState('');
  const [severity, setSeverity] = useState('');
  const [withMuted, setWithMuted] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const [pageNumber, setPageNumber] = useState(1);
  const writable = canWrite(useSession());
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const body = {
    filter: {
      ...(search.trim() === '' ? {} : { searchTerm: search.trim() }),
      ...(severity === '' ? {} : { severities: [severity] }),
      includeMutedEvents: withMuted,
    },
    sort: [{ field: 'DATE', descending: true }],
    pagination: { pageNumber, pageSize: EVENTS_PAGE },
  };
  const events = useQuery({
    queryKey: ['security-events', body],
    queryFn: ({ signal }) => api<EventPage>('POST', '/v2/security/rules/events/search', body, signal),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo<Column<SecurityEvent>[]>(
    () => [
      { id: 'date', header: 'When', accessorFn: (event) => event.eventDate, cell: ({ row }) => formatTime(row.original.eventDate * 1000) },
      { id: 'name', header: 'Rule', accessorFn: (event) => event.name },
      {
        id: 'severity',
        header: 'Severity',
        accessorFn: (event) => SEVERITIES.indexOf(event.severity),
        cell: ({ row }) => <SeverityBadge severity={row.original.severity} />,
      },
      {
        id: 'group',
        header: 'Group',
        enableSorting: false,
        cell: ({ row }) =>
          Object.entries(row.original.groupBy)
            .map(([field, value]) => `${field}: ${value}`)
            .join(', ') || '—',
      },
      { id: 'hits', header: 'Logs', accessorFn: (event) => event.hits },
      {
        id: 'status',
        header: 'Status',
        accessorFn: (event) => event.status,
        cell: ({ row }) => (
          <>
            {row.original.status.replace('_', ' ').toLowerCase()}
            {row.original.isMuted && <span className="badge">muted</span>}
          </>
        ),
      },
      {
        id: 'assignee',
        header: 'Assignee',
        accessorFn: (event) => event.triage.assignee ?? '',
        cell: ({ getValue }) => String(getValue()) || '—',
      },
      {
        id: 'open',
        header: 'Triage',
        enableSorting: false,
        cell: ({ row }) => (
          <button
            type="button"
            aria-expanded={openId === row.original.alertEventId}
            onClick={() => setOpenId(openId === row.original.alertEventId ? null : row.original.alertEventId)}
          >
            Triage
            <span className="visually-hidden">
              {' '}
              {row.original.name} at {formatTime(row.original.eventDate * 1000)}
            </span>
          </button>
        ),
      },
    ],
    [openId],
  );
  const shown = events.data?.results ?? [];
  // Only events still listed are triaged: a filter change never leaves hidden events ticked.
  const ticked = shown.filter((event) => selected.has(event.alertEventId));
  const forbidden = events.error instanceof ApiError && events.error.status === 403;
  const open = events.data?.results.find((event) => event.alertEventId === openId);
  return (
    <section aria-labelledby="events-title">
      <div className="page-head">
        <h1 id="events-title">Security events</h1>
      </div>
      {forbidden ? (
        <AccountKindNotice kind="security" />
      ) : (
        <>
          <form className="filters" role="search" aria-label="Filter security events" onSubmit={(event) => event.preventDefault()}>
            <label>
              Search
              <input
                type="search"
                value={search}
                onChange={(event) => {
                  setSearch(event.target.value);
                  setPageNumber(1);
                }}
              />
            </label>
            <AnySelect
              label="Severity"
              value={severity}
              onChange={(value) => {
                setSeverity(value);
                setPageNumber(1);
              }}
              options={SEVERITIES}
            />
            <label className="check">
              <input
                type="checkbox"
                checked={withMuted}
                onChange={(event) => {
                  setWithMuted(event.target.checked);
                  setPageNumber(1);
                }}
              />{' '}
              Show muted events
            </label>
          </form>
          {events.isError ? (
            <p className="error" role="alert">
              {messageOf(events.error)}
            </p>
          ) : events.data === undefined ? (
            <p className="spinner" role="status">
              Loading events…
            </p>
          ) : (
            <>
              <p className="count" role="status" data-testid="event-count">
                {events.data.total === 1 ? '1 event' : `${events.data.total} events`}
              </p>
              {writable && (
                <BulkTriage
                  events={ticked}
                  matching={shown.length}
                  onSelectAll={() => setSelected(new Set(shown.map((event) => event.alertEventId)))}
                  onDone={(failedIds) => setSelected(new Set(failedIds))}
                />
              )}
              <DataTable
                caption="Security events"
                data={events.data.results}
                columns={columns}
                rowKey={(event) => event.alertEventId}
                testId="events"
                empty="No events."
                {...(writable
                  ? {
                      selection: {
                        selected,
                        onChange: setSelected,
                        rowLabel: (event: SecurityEvent) => `${event.name} at ${formatTime(event.eventDate * 1000)}`,
                      },
                    }
                  : {})}
              />
              <Pager
                label="Pages of security events"
                from={(pageNumber - 1) * EVENTS_PAGE}
                shown={events.data.results.length}
                total={events.data.total}
                onPage={(direction) => setPageNumber(pageNumber + direction)}
                words={['Newer', 'Older']}
              />
              {open !== undefined && <TriagePanel key={open.alertEventId} event={open} onClose={() => setOpenId(null)} />}
            </>
          )}
        </>
      )}
    </section>
  );
}
