import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api.js';
import { formatTime, messageOf } from '../common/errors.js';
import { canWrite, useSession } from '../session.js';
import { TRIAGE_STATUSES, type SecurityEvent, type SecurityRule, type TriageChange, type TriageStatus } from './security-model.js';
import { EventLogs } from './EventLogs.js';

const MUTE_FOR: readonly [string, number | null][] = [
  ['1 hour', 3_600],
  ['24 hours', 86_400],
  ['7 days', 7 * 86_400],
  ['until unmuted', null],
];

/** One security event opened below the list: its triage (status, assignee, comment, mute), its logs and a link to Discover. */
export function TriagePanel({ event, onClose }: { event: SecurityEvent; onClose: () => void }) {
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
