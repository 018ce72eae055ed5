import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { FiringPayload } from '../../../detection/index.js';
import type { Severity } from '../../../shared/severity.js';
import type { ControlPlaneDb } from '../../../storage/control-plane/index.js';
import { SECURITY_KIND } from '../rules/security-rule.js';
import { EPOCH_MS_MAX } from '../../../shared/wire-bounds.js';

/** A security event: one firing of a security rule, with its triage. */
export interface SecurityEvent {
  readonly firingId: string;
  readonly alertEventId: string;
  readonly accountId: number;
  readonly ruleId: number;
  readonly name: string;
  readonly description: string;
  readonly severity: Severity;
  readonly tags: readonly string[];
  readonly groupValues: Readonly<Record<string, string>>;
  readonly hits: number;
  readonly windowStartMs: number;
  readonly windowEndMs: number;
  readonly eventDateMs: number;
  readonly status: string;
  readonly assignee: string | null;
  readonly comment: string | null;
  readonly muted: boolean;
  readonly mutedUntilMs: number | null;
  readonly triagedAt: number | null;
  readonly triagedBy: string | null;
}

export interface TriageChange {
  readonly status?: string | undefined;
  readonly assignee?: string | null | undefined;
  readonly comment?: string | undefined;
  readonly muted?: boolean | undefined;
  readonly mutedUntilMs?: number | null | undefined;
}

export interface TriageRecord {
  readonly at: number;
  readonly by: string;
  readonly change: TriageChange;
}

export interface EventQuery {
  readonly accountId: number;
  readonly nowMs: number;
  /** Events before this are past the account's retention. */
  readonly notBeforeMs: number;
  readonly searchTerm: string | undefined;
  readonly severities: readonly string[];
  readonly fromMs: number | undefined;
  readonly toMs: number | undefined;
  readonly includeMuted: boolean;
  readonly ruleId?: number;
  readonly alertEventIds?: readonly string[];
  readonly sort: readonly { readonly field: 'DATE' | 'SEVERITY'; readonly descending: boolean }[];
  readonly offset: number;
  readonly limit: number;
}

const SEVERITY_RANK = sql<number>`case f.severity when 'INFO' then 0 when 'LOW' then 1 when 'MEDIUM' then 2 when 'HIGH' then 3 when 'SEVERE' then 4 end`;

interface JoinedRow {
  id: string;
  account_id: number;
  rule_id: number;
  name: string;
  severity: string;
  tags: string;
  group_values: string;
  value: number;
  window_start: number | string;
  window_end: number | string;
  event_date: number | string;
  payload: string;
  status: string | null;
  assignee: string | null;
  comment: string | null;
  muted: number | null;
  muted_until: number | string | null;
  updated_at: number | string | null;
  updated_by: string | null;
}

function fromRow(row: JoinedRow): SecurityEvent {
  const payload = JSON.parse(row.payload) as FiringPayload;
  return {
    firingId: row.id,
    alertEventId: payload.eventId,
    accountId: row.account_id,
    ruleId: row.rule_id,
    name: row.name,
    description: payload.description,
    severity: row.severity as Severity,
    tags: JSON.parse(row.tags) as string[],
    groupValues: JSON.parse(row.group_values) as Record<string, string>,
    hits: Number(row.value),
    windowStartMs: Number(row.window_start),
    windowEndMs: Number(row.window_end),
    eventDateMs: Number(row.event_date),
    status: row.status ?? 'NEW',
    assignee: row.assignee,
    comment: row.comment,
    muted: row.muted === 1,
    // A mute stored before the API bounded it (decision 0611) reads as the latest one it takes: SQLite kept even ∞.
    mutedUntilMs: row.muted_until === null ? null : Math.min(Number(row.muted_until), EPOCH_MS_MAX),
    triagedAt: row.updated_at === null ? null : Number(row.updated_at),
    triagedBy: row.updated_by,
  };
}

/** Is the event muted at `nowMs` (a mute with an expiry ends by itself)? */
export function isMutedAt(event: Pick<SecurityEvent, 'muted' | 'mutedUntilMs'>, nowMs: number): boolean {
  return event.muted && (event.mutedUntilMs === null || event.mutedUntilMs > nowMs);
}

let historySequence = 0;
/** Time-led ids: changes of one millisecond keep the order they were made in. */
function historyId(at: number): string {
  historySequence += 1;
  return `${String(at).padStart(15, '0')}-${String(historySequence).padStart(10, '0')}-${randomUUID().slice(0, 8)}`;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Security events are the detection engine's firings of kind `security` (decision 0403), read here with their triage
 * (this module's table) joined on.
 */
export const securityEventRepository = {
  async search(db: ControlPlaneDb, q: EventQuery): Promise<{ total: number; results: SecurityEvent[] }> {
    const like = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    let query = db
      .selectFrom('detection_firings as f')
      .leftJoin('security_event_states as s', 's.firing_id', 'f.id')
      .where('f.kind', '=', SECURITY_KIND)
      .where('f.account_id', '=', q.accountId)
      .where('f.event_date', '>=', q.notBeforeMs);
    if (q.ruleId !== undefined) query = query.where('f.rule_id', '=', q.ruleId);
    if (q.severities.length > 0) query = query.where('f.severity', 'in', [...q.severities]);
    if (q.fromMs !== undefined) query = query.where('f.event_date', '>=', q.fromMs);
    if (q.toMs !== undefined) query = query.where('f.event_date', '<=', q.toMs);
    if (q.searchTerm !== undefined && q.searchTerm.trim() !== '') {
      query = query.where(sql<boolean>`lower(f.name) like ${like(q.searchTerm.trim().toLowerCase())} escape '\\'`);
    }
    if (q.alertEventIds !== undefined) {
      const ids = q.alertEventIds.filter((id) => GUID.test(id));
      if (ids.length === 0) return { total: 0, results: [] };
      // The event id lives in the engine's payload JSON, which starts with it.
      query = query.where((eb) => eb.or(ids.map((id) => eb('f.payload', 'like', `{"eventId":"${id.toLowerCase()}"%`))));
    }
    if (!q.includeMuted) {
      query = query.where((eb) =>
        eb.or([
          eb('s.muted', 'is', null),
          eb('s.muted', '=', 0),
          eb.and([eb('s.muted_until', 'is not', null), eb('s.muted_until', '<=', q.nowMs)]),
        ]),
      );
    }
    const total = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    let ordered = query.select([
      'f.id',
      'f.account_id',
      'f.rule_id',
      'f.name',
      'f.severity',
      'f.tags',
      'f.group_values',
      'f.value',
      'f.window_start',
      'f.window_end',
      'f.event_date',
      'f.payload',
      's.status',
      's.assignee',
      's.comment',
      's.muted',
      's.muted_until',
      's.updated_at',
      's.updated_by',
    ]);
    const sort = q.sort.length === 0 ? [{ field: 'DATE' as const, descending: true }] : q.sort;
    for (const key of sort) {
      const direction = key.descending ? 'desc' : 'asc';
      ordered = key.field === 'SEVERITY' ? ordered.orderBy(SEVERITY_RANK, direction) : ordered.orderBy('f.event_date', direction);
    }
    const rows = await ordered.orderBy('f.window_end', 'desc').orderBy('f.id').offset(q.offset).limit(q.limit).execute();
    return { total: Number(total.count), results: (rows as JoinedRow[]).map(fromRow) };
  },

  async byEventId(db: ControlPlaneDb, accountId: number, alertEventId: string, nowMs: number): Promise<SecurityEvent | undefined> {
    const page = await this.search(db, {
      accountId,
      nowMs,
      notBeforeMs: 0,
      searchTerm: undefined,
      severities: [],
      fromMs: undefined,
      toMs: undefined,
      includeMuted: true,
      alertEventIds: [alertEventId],
      sort: [],
      offset: 0,
      limit: 1,
    });
    return page.results[0];
  },

  /** Applies a triage change to an event and records it in its history, in one transaction. */
  async triage(db: ControlPlaneDb, event: SecurityEvent, change: TriageChange, by: string, at: number): Promise<void> {
    await db.transaction().execute(async (tx) => {
      const next = {
        status: change.status ?? event.status,
        assignee: change.assignee === undefined ? event.assignee : change.assignee,
        comment: change.comment ?? event.comment,
        muted: (change.muted ?? event.muted) ? 1 : 0,
        muted_until: change.mutedUntilMs === undefined ? (change.muted === false ? null : event.mutedUntilMs) : change.mutedUntilMs,
        updated_at: at,
        updated_by: by,
      };
      await tx
        .insertInto('security_event_states')
        .values({ firing_id: event.firingId, account_id: event.accountId, ...next })
        .onConflict((oc) => oc.column('firing_id').doUpdateSet(next))
        .execute();
      await tx
        .insertInto('security_event_history')
        .values({ id: historyId(at), firing_id: event.firingId, account_id: event.accountId, at, by, change: JSON.stringify(change) })
        .execute();
    });
  },

  async history(db: ControlPlaneDb, accountId: number, firingIds: readonly string[]): Promise<Map<string, TriageRecord[]>> {
    const out = new Map<string, TriageRecord[]>();
    if (firingIds.length === 0) return out;
    const rows = await db
      .selectFrom('security_event_history')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('firing_id', 'in', [...firingIds])
      .orderBy('at')
      .orderBy('id')
      .execute();
    for (const row of rows) {
      const list = out.get(row.firing_id) ?? [];
      list.push({ at: Number(row.at), by: row.by, change: JSON.parse(row.change) as TriageChange });
      out.set(row.firing_id, list);
    }
    return out;
  },
};
