import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api.js';
import { messageOf } from '../common/errors.js';
import { BulkBar, eachLimited } from '../common/BulkBar.js';
import { TRIAGE_STATUSES, type SecurityEvent, type TriageChange, type TriageStatus } from './security-model.js';

/**
 * One triage for many events: the API triages the events of one rule per request, so the ticked events are sent
 * grouped by rule. Status and assignee left at "keep" are not sent.
 */
export function BulkTriage({
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
