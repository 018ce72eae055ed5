import { useMemo, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../api.js';
import { DataTable, type Column } from '../common/DataTable.js';
import { formatTime, messageOf } from '../common/errors.js';
import { usePageTitle } from '../common/use-page-title.js';
import { canWrite, useSession } from '../session.js';
import { SEVERITIES } from '../alerts/alert-model.js';
import { SeverityBadge } from '../alerts/AlertList.js';
import {
  TRIAGE_STATUSES,
  type EventPage,
  type SecurityEvent,
  type SecurityRule,
  type TriageChange,
  type TriageStatus,
} from './security-model.js';
import { AccountKindNotice } from './AccountKindNotice.js';
import { AnySelect } from '../common/AnySelect.js';
import { BulkBar, eachLimited } from '../common/BulkBar.js';
import { Pager } from '../common/Pager.js';

/** Events read a page at a time, newest first. */
const EVENTS_PAGE = 200;

const MUTE_FOR: readonly [string, number | null][] = [
  ['1 hour', 3_600],
  ['24 hours', 86_400],
  ['7 days', 7 * 86_400],
  ['until unmuted', null],
];

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

function TriagePanel({ event, onClose }: { event: SecurityEvent; onClose: () => void }) {
  const writable = canWrite(useSession());
  const client = useQueryClient();
  const [status, setStatus] = useState<TriageStatus>(event.status);
  const [assignee, setAssignee] = useState(event.triage.assignee ?? '');
  const [comment, setComment] = useState('');
  const [mute, setMute] = useState(event.isMuted);
  const [muteFor, setMuteFor] = useState('0');
  const [showLogs, setShowLogs] = useState(false);
  const triage = useMutation({
    mutationFn: (change: TriageChange) =>
      api<unknown>('PUT', `/v2/security/rules/events/${event.alertId}`, { filter: { alertEventIds: [event.alertEventId] }, ...change }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['security-events'] }),
  });
  const rule = useQuery({
    queryKey: ['security-rule', event.alertId],
    queryFn: ({ signal }) => api<SecurityRule>('GET', `/v2/security/rules/${event.alertId}`, undefined, signal),
  });
  const save = (): void => {
    const seconds = MUTE_FOR[Number(muteFor)]?.[1] ?? null;
    triage.mutate({
      status,
      assignee: assignee.trim() === '' ? null : assignee.trim(),
      ...(comment.trim() === '' ? {} : { comment: comment.trim() }),
      isMuted: mute,
      ...(mute ? { muteUntil: seconds === null ? null : Math.floor(Date.now() / 1000) + seconds } : {}),
    });
  };
  const query = rule.data?.subComponents[0]?.queryDefinition.query ?? '';
  const groups = Object.entries(event.groupBy).map(([field, value]) => `${field}:"${value.replace(/["\\]/g, '\\$&')}"`);
  const discoverQuery = [query === '' || query === '*' ? '' : groups.length === 0 ? query : `(${query})`, ...groups]
    .filter((part) => part !== '')
    .join(' AND ');
  const discover = `/app/discover?${new URLSearchParams({
    from: new Date(event.alertWindowStartDate * 1000).toISOString(),
    to: new Date(event.alertWindowEndDate * 1000).toISOString(),
    q: discoverQuery,
  }).toString()}`;
  return (
    <form
      className="panel-box"
      aria-labelledby="triage-title"
      onSubmit={(submitted) => {
        submitted.preventDefault();
        save();
      }}
    >
      <h2 id="triage-title">
        {event.name} <span className="muted">· {formatTime(event.eventDate * 1000)}</span>
      </h2>
      <p>{event.alertSummary}</p>
      {event.mitreTags.length > 0 && <p className="muted">ATT&CK: {event.mitreTags.join(', ')}</p>}
      <fieldset disabled={!writable} className="form-grid">
        <label className="field">
          <span>Status</span>
          <select value={status} onChange={(change) => setStatus(change.target.value as TriageStatus)}>
            {TRIAGE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s.replace('_', ' ').toLowerCase()}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Assignee</span>
          <input type="email" value={assignee} onChange={(change) => setAssignee(change.target.value)} placeholder="analyst@example.com" />
        </label>
        <label className="field wide">
          <span>Comment</span>
          <textarea rows={2} value={comment} onChange={(change) => setComment(change.target.value)} />
        </label>
        <label className="check">
          <input type="checkbox" checked={mute} onChange={(change) => setMute(change.target.checked)} /> Mute this event
        </label>
        {mute && (
          <label className="field">
            <span>Mute for</span>
            <select value={muteFor} onChange={(change) => setMuteFor(change.target.value)}>
              {MUTE_FOR.map(([label], index) => (
                <option key={label} value={index}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        )}
      </fieldset>
      {event.triage.comment !== null && (
        <p className="muted">
          Last comment: “{event.triage.comment}” {event.triage.updatedBy === null ? '' : `— ${event.triage.updatedBy}`}
        </p>
      )}
      {triage.isError && (
        <p className="error" role="alert">
          {messageOf(triage.error)}
        </p>
      )}
      {triage.isSuccess && <p role="status">Triage saved.</p>}
      <div className="actions">
        {writable && (
          <button type="submit" className="primary" disabled={triage.isPending}>
            Save triage
          </button>
        )}
        <button type="button" aria-expanded={showLogs} onClick={() => setShowLogs(!showLogs)}>
          {showLogs ? 'Hide logs' : `Show the ${event.hits} logs`}
        </button>
        <a className="button" href={discover}>
          Open in Discover
        </a>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
      {showLogs && <EventLogs eventId={event.alertEventId} />}
    </form>
  );
}

function EventLogs({ eventId }: { eventId: string }) {
  const logs = useQuery({
    queryKey: ['event-logs', eventId],
    queryFn: ({ signal }) =>
      api<{ total: number; results: Record<string, unknown>[] }>(
        'POST',
        '/v2/security/rules/events/logs/search',
        { filter: { alertEventId: eventId }, pagination: { pageNumber: 1, pageSize: 100 } },
        signal,
      ),
  });
  if (logs.isError)
    return (
      <p className="error" role="alert">
        {messageOf(logs.error)}
      </p>
    );
  if (logs.data === undefined) return <p className="spinner">Loading logs…</p>;
  return (
    <div className="table-wrap">
      <table className="list" data-testid="event-logs">
        <caption className="visually-hidden">Logs of the event</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Log</th>
          </tr>
        </thead>
        <tbody>
          {logs.data.results.map((log, index) => {
            const { '@timestamp': time, ...rest } = log;
            return (
              <tr key={index}>
                <td className="nowrap">{String(time ?? '')}</td>
                <td className="mono">
                  {Object.entries(rest)
                    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
                    .join('  ')}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * One triage for many events: the API triages the events of one rule per request, so the ticked events are sent
 * grouped by rule. Status and assignee left at "keep" are not sent.
 */
function BulkTriage({
  events,
  matching,
  onSelectAll,
  onDone,
}: {
  events: readonly SecurityEvent[];
  matching: number;
  onSelectAll: () => void;
  onDone: (failedIds: string[]) => void;
}) {
  const client = useQueryClient();
  const [status, setStatus] = useState('');
  const [assignee, setAssignee] = useState('');
  const apply = useMutation({
    mutationFn: async (change: TriageChange) => {
      const byRule = new Map<number, SecurityEvent[]>();
      for (const event of events) byRule.set(event.alertId, [...(byRule.get(event.alertId) ?? []), event]);
      const failed = await eachLimited([...byRule.entries()], ([ruleId, ofRule]) =>
        api<unknown>('PUT', `/v2/security/rules/events/${ruleId}`, {
          filter: { alertEventIds: ofRule.map((event) => event.alertEventId) },
          ...change,
        }),
      );
      const failedIds = failed.flatMap(({ item }) => item[1].map((event) => event.alertEventId));
      return { done: events.length - failedIds.length, failedIds, error: failed[0]?.error };
    },
    onSuccess: ({ failedIds }) => {
      setStatus('');
      setAssignee('');
      onDone(failedIds);
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['security-events'] }),
  });
  const change: TriageChange = {
    ...(status === '' ? {} : { status: status as TriageStatus }),
    ...(assignee.trim() === '' ? {} : { assignee: assignee.trim() }),
  };
  return (
    <>
      <BulkBar
        noun={['event', 'events']}
        selected={events.length}
        matching={matching}
        allMatching={false}
        onSelectAllMatching={onSelectAll}
        onClear={() => onDone([])}
      >
        <label>
          Set status
          <select value={status} onChange={(event) => setStatus(event.target.value)}>
            <option value="">Keep</option>
            {TRIAGE_STATUSES.map((value) => (
              <option key={value} value={value}>
                {value.replace('_', ' ').toLowerCase()}
              </option>
            ))}
          </select>
        </label>
        <label>
          Assign to
          <input value={assignee} onChange={(event) => setAssignee(event.target.value)} placeholder="Keep" />
        </label>
        <button
          type="button"
          className="primary"
          disabled={apply.isPending || Object.keys(change).length === 0}
          onClick={() => apply.mutate(change)}
        >
          Apply triage
        </button>
        <button type="button" disabled={apply.isPending} onClick={() => apply.mutate({ isMuted: true, muteUntil: null })}>
          Mute
        </button>
      </BulkBar>
      {apply.isSuccess && (
        <p role="status" data-testid="bulk-result">
          {apply.data.done === 1 ? '1 event' : `${apply.data.done} events`} triaged
          {apply.data.failedIds.length > 0 && `; ${apply.data.failedIds.length} failed (still selected): ${messageOf(apply.data.error)}`}
        </p>
      )}
    </>
  );
}
