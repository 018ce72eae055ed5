import type { LogQuestions } from '../../../detection/index.js';
import { MS_PER_DAY, type Clock } from '../../../shared/clock.js';
import type { Actor } from '../../../shared/principal.js';
import type { ControlPlaneDb } from '../../../storage/control-plane/index.js';
import { ALERT_EVENT_LOG_TYPE, phraseCondition } from '../../../detection/index.js';
import { subComponentCondition } from '../evaluation/rule-condition.js';
import { alertSummaryOf, SECURITY_EVENT_LOG_TYPE } from '../evaluation/security-event-log.js';
import { ruleScope, type SecurityScopeDeps } from '../evaluation/security-scope.js';
import { securityRuleRepository } from '../rules/security-rule-repository.js';
import { securityErrors } from '../security-errors.js';
import { isMutedAt, securityEventRepository, type SecurityEvent, type TriageRecord } from './security-event-repository.js';
import type { DrillDownRequest, EventSearchRequest, SecurityEventResponse, TriageRequest } from './security-event-wire.js';

export interface SecurityEventServiceDeps extends SecurityScopeDeps {
  readonly db: ControlPlaneDb;
  readonly clock: Clock;
  readonly questions: LogQuestions;
  /** The retention of an account in days (undefined: gone). */
  readonly retentionDaysOf: (accountId: number) => Promise<number | undefined>;
}

export type SecurityEventService = ReturnType<typeof createSecurityEventService>;

const seconds = (ms: number): number => ms / 1000;
/** The service's own event logs are never the logs behind an event. */
const OWN_EVENT_LOG_TYPES = [SECURITY_EVENT_LOG_TYPE, ALERT_EVENT_LOG_TYPE];
/** Logs one drill-down page may reach into (page × size): deeper pages are refused by the schema's limits anyway. */
const MAX_DRILL_DOWN_DEPTH = 10_000;

export function createSecurityEventService(deps: SecurityEventServiceDeps) {
  const { db, clock } = deps;

  async function mitreTagsOf(accountId: number, events: readonly SecurityEvent[]): Promise<Map<number, readonly string[]>> {
    const out = new Map<number, readonly string[]>();
    for (const ruleId of new Set(events.map((event) => event.ruleId))) {
      out.set(ruleId, (await securityRuleRepository.get(db, accountId, ruleId))?.definition.mitreTags ?? []);
    }
    return out;
  }

  function toWire(event: SecurityEvent, mitreTags: readonly string[], nowMs: number): SecurityEventResponse {
    const muted = isMutedAt(event, nowMs);
    return {
      alertEventId: event.alertEventId,
      alertId: event.ruleId,
      name: event.name,
      description: event.description,
      alertSummary: alertSummaryOf({
        title: event.name,
        value: event.hits,
        groupValues: event.groupValues,
        windowStartMs: event.windowStartMs,
        windowEndMs: event.windowEndMs,
      }),
      eventDate: seconds(event.eventDateMs),
      alertWindowStartDate: seconds(event.windowStartMs),
      alertWindowEndDate: seconds(event.windowEndMs),
      severity: event.severity,
      groupBy: { ...event.groupValues },
      tags: [...event.tags],
      mitreTags: [...mitreTags],
      hits: event.hits,
      isMuted: muted,
      status: event.status,
      triage: {
        status: event.status,
        assignee: event.assignee,
        comment: event.comment,
        mutedUntil: muted && event.mutedUntilMs !== null ? seconds(event.mutedUntilMs) : null,
        updatedAt: event.triagedAt === null ? null : seconds(event.triagedAt),
        updatedBy: event.triagedBy,
      },
    };
  }

  async function notBefore(accountId: number, nowMs: number): Promise<number> {
    return nowMs - ((await deps.retentionDaysOf(accountId)) ?? 0) * MS_PER_DAY;
  }

  async function requireEvent(accountId: number, alertEventId: string): Promise<SecurityEvent> {
    const event = await securityEventRepository.byEventId(db, accountId, alertEventId, clock.now());
    if (event === undefined) throw securityErrors.eventNotFound(alertEventId);
    return event;
  }

  return {
    async search(accountId: number, request: EventSearchRequest) {
      const nowMs = clock.now();
      const range = request.filter?.timeRange;
      if (range !== undefined && (range.fromDate === undefined) !== (range.toDate === undefined))
        throw securityErrors.timeRangeIncomplete();
      const pageNumber = request.pagination?.pageNumber ?? 1;
      const pageSize = request.pagination?.pageSize ?? 25;
      const page = await securityEventRepository.search(db, {
        accountId,
        nowMs,
        notBeforeMs: await notBefore(accountId, nowMs),
        searchTerm: request.filter?.searchTerm,
        severities: request.filter?.severities ?? [],
        fromMs: range?.fromDate === undefined ? undefined : range.fromDate * 1000,
        toMs: range?.toDate === undefined ? undefined : range.toDate * 1000,
        includeMuted: request.filter?.includeMutedEvents ?? false,
        sort: (request.sort ?? []).map((key) => ({ field: key.field, descending: key.descending ?? true })),
        offset: (pageNumber - 1) * pageSize,
        limit: pageSize,
      });
      const mitre = await mitreTagsOf(accountId, page.results);
      return {
        total: page.total,
        results: page.results.map((event) => toWire(event, mitre.get(event.ruleId) ?? [], nowMs)),
        pagination: { pageNumber, pageSize },
      };
    },

    /**
     * The logs that made the event fire (decision 0404): the rule as it was when it fired, over its accounts, its
     * window and its group — each sub-component's logs in turn. Logs past retention are gone from the answer.
     */
    async drillDown(accountId: number, request: DrillDownRequest) {
      const event = await requireEvent(accountId, request.filter.alertEventId);
      const pageNumber = request.pagination?.pageNumber ?? 1;
      const pageSize = request.pagination?.pageSize ?? 25;
      const rule = await securityRuleRepository.asOf(db, accountId, event.ruleId, event.eventDateMs);
      const empty = { total: 0, results: [] as Record<string, unknown>[], pagination: { pageNumber, pageSize } };
      if (rule === undefined) return empty;
      const nowMs = clock.now();
      const window = { fromMs: event.windowStartMs, toMs: event.windowEndMs };
      const signal = new AbortController().signal;
      const start = (pageNumber - 1) * pageSize;
      const want = Math.min(start + pageSize, MAX_DRILL_DOWN_DEPTH);
      let total = 0;
      const logs: Record<string, unknown>[] = [];
      for (const [index, sub] of rule.definition.subComponents.entries()) {
        const groupFields = new Set(sub.queryDefinition.groupBy ?? []);
        const group = Object.entries(event.groupValues)
          .filter(([field]) => groupFields.has(field))
          .map(([field, value]) => phraseCondition(field, value, nowMs));
        const condition = subComponentCondition(rule, index, nowMs, group);
        const scope = await ruleScope(deps, accountId, sub);
        if (scope.accountIds.length === 0) continue;
        const [counted] = await deps.questions.measure(
          { ...scope, window, groupBy: [], measure: { kind: 'count' }, excludedTypes: OWN_EVENT_LOG_TYPES, conditions: [condition] },
          signal,
        );
        const count = counted?.[0]?.value ?? 0;
        total += count;
        if (logs.length < want && count > 0) {
          const samples = await deps.questions.samples(
            { ...scope, window, condition, limit: want - logs.length, excludedTypes: OWN_EVENT_LOG_TYPES },
            signal,
          );
          logs.push(...samples.map((sample) => ({ ...sample })));
        }
      }
      return { total, results: logs.slice(start, start + pageSize), pagination: { pageNumber, pageSize } };
    },

    /** Changes status, assignee, comment or mute of a rule's events, each change kept with who and when. */
    async triage(actor: Actor, ruleId: number, request: TriageRequest) {
      const nowMs = clock.now();
      const changes = [request.status, request.assignee, request.comment, request.isMuted, request.muteUntil];
      if (changes.every((value) => value === undefined)) throw securityErrors.nothingToTriage();
      if ((await securityRuleRepository.asOf(db, actor.accountId, ruleId, 0)) === undefined) throw securityErrors.ruleNotFound(ruleId);
      const ids = request.filter?.alertEventIds;
      const page = await securityEventRepository.search(db, {
        accountId: actor.accountId,
        nowMs,
        notBeforeMs: 0,
        searchTerm: undefined,
        severities: [],
        fromMs: undefined,
        toMs: undefined,
        includeMuted: true,
        ruleId,
        ...(ids === undefined ? {} : { alertEventIds: ids }),
        sort: [],
        offset: 0,
        limit: 10_000,
      });
      if (ids !== undefined) {
        const found = new Set(page.results.map((event) => event.alertEventId));
        const missing = ids.find((id) => !found.has(id.toLowerCase()));
        if (missing !== undefined) throw securityErrors.eventNotFound(missing);
      }
      for (const event of page.results) {
        const assigning =
          request.assignee !== undefined && request.assignee !== null && request.status === undefined && event.status === 'NEW';
        const change = {
          ...(request.status === undefined ? (assigning ? { status: 'ASSIGNED' } : {}) : { status: request.status }),
          ...(request.assignee === undefined ? {} : { assignee: request.assignee }),
          ...(request.comment === undefined ? {} : { comment: request.comment }),
          ...(request.isMuted === undefined ? {} : { muted: request.isMuted }),
          ...(request.muteUntil === undefined ? {} : { mutedUntilMs: request.muteUntil === null ? null : request.muteUntil * 1000 }),
        };
        await securityEventRepository.triage(db, event, change, actor.email, nowMs);
      }
      const changed = await securityEventRepository.search(db, {
        accountId: actor.accountId,
        nowMs,
        notBeforeMs: 0,
        searchTerm: undefined,
        severities: [],
        fromMs: undefined,
        toMs: undefined,
        includeMuted: true,
        ruleId,
        alertEventIds: page.results.map((event) => event.alertEventId),
        sort: [],
        offset: 0,
        limit: 10_000,
      });
      const history = await securityEventRepository.history(
        db,
        actor.accountId,
        changed.results.map((event) => event.firingId),
      );
      const mitre = await mitreTagsOf(actor.accountId, changed.results);
      return changed.results.map((event) => ({
        ...toWire(event, mitre.get(event.ruleId) ?? [], nowMs),
        history: (history.get(event.firingId) ?? []).map((record: TriageRecord) => ({
          at: seconds(record.at),
          by: record.by,
          change: { ...record.change } as Record<string, unknown>,
        })),
      }));
    },
  };
}
