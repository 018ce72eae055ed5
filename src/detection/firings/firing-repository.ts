import { sql, type Selectable } from 'kysely';
import type { ControlPlaneDb, DetectionFiringsTable } from '../../storage/control-plane/index.js';
import type { Severity } from '../../shared/severity.js';
import type { FiringPayload, FiringRecord, NotificationState } from './firing.js';

type Row = Selectable<DetectionFiringsTable>;

function fromRow(row: Row): FiringRecord {
  return {
    id: row.id,
    firingKey: row.firing_key,
    kind: row.kind,
    ruleId: row.rule_id,
    accountId: row.account_id,
    title: row.name,
    severity: row.severity as Severity,
    tags: JSON.parse(row.tags) as string[],
    groupKey: row.group_key,
    groupValues: JSON.parse(row.group_values) as Record<string, string>,
    value: row.value,
    windowStartMs: row.window_start,
    windowEndMs: row.window_end,
    eventDateMs: row.event_date,
    payload: JSON.parse(row.payload) as FiringPayload,
    notificationState: row.notification_state as NotificationState,
    eventLogBatch: row.event_log_batch,
  };
}

export interface FiringFilter {
  readonly kind: string;
  readonly accountId: number;
  /** Case-insensitive part of the title. */
  readonly search: string | undefined;
  readonly severities: readonly Severity[];
  readonly tags: readonly string[];
  readonly sortBy: 'DATE' | 'SEVERITY';
  readonly descending: boolean;
  readonly from: number;
  readonly size: number;
}

const SEVERITY_ORDER: Readonly<Record<Severity, number>> = { INFO: 0, LOW: 1, MEDIUM: 2, HIGH: 3, SEVERE: 4 };

/** The firing outbox: firings are recorded here with the watermark, then dispatched from here. */
export const firingRepository = {
  /**
   * Records firings and moves the rule's watermark in one transaction: after a crash either both happened (the
   * window is not judged again) or neither did (it is judged again and fires once).
   */
  async recordWindow(
    db: ControlPlaneDb,
    kind: string,
    ruleId: number,
    windowEndMs: number,
    firings: readonly FiringRecord[],
    now: number,
  ): Promise<void> {
    await db.transaction().execute(async (tx) => {
      for (const firing of firings) {
        await tx
          .insertInto('detection_firings')
          .values({
            id: firing.id,
            firing_key: firing.firingKey,
            kind: firing.kind,
            rule_id: firing.ruleId,
            account_id: firing.accountId,
            name: firing.title,
            severity: firing.severity,
            tags: JSON.stringify(firing.tags),
            group_key: firing.groupKey,
            group_values: JSON.stringify(firing.groupValues),
            value: firing.value,
            window_start: firing.windowStartMs,
            window_end: firing.windowEndMs,
            event_date: firing.eventDateMs,
            payload: JSON.stringify(firing.payload),
            notification_state: firing.notificationState,
            event_log_batch: firing.eventLogBatch,
          })
          .onConflict((oc) => oc.column('firing_key').doNothing())
          .execute();
      }
      await tx
        .insertInto('detection_watermarks')
        .values({ kind, rule_id: ruleId, evaluated_until: windowEndMs, updated_at: now })
        .onConflict((oc) => oc.columns(['kind', 'rule_id']).doUpdateSet({ evaluated_until: windowEndMs, updated_at: now }))
        .execute();
    });
  },

  async listPending(db: ControlPlaneDb, limit: number): Promise<FiringRecord[]> {
    const rows = await db
      .selectFrom('detection_firings')
      .selectAll()
      .where('notification_state', 'in', ['pending', 'logged'])
      .orderBy('event_date')
      .orderBy('window_end')
      .limit(limit)
      .execute();
    return rows.map(fromRow);
  },

  /** Group and severity of the rule's firings whose windows end inside (afterMs, beforeMs) — the incidents still open. */
  async firedBetween(
    db: ControlPlaneDb,
    kind: string,
    ruleId: number,
    afterMs: number,
    beforeMs: number,
  ): Promise<{ groupKey: string; severity: Severity }[]> {
    const rows = await db
      .selectFrom('detection_firings')
      .select(['group_key', 'severity'])
      .where('kind', '=', kind)
      .where('rule_id', '=', ruleId)
      .where('window_end', '>', afterMs)
      .where('window_end', '<', beforeMs)
      .execute();
    return rows.map((row) => ({ groupKey: row.group_key, severity: row.severity as Severity }));
  },

  /** Whether the rule's group was notified after `sinceMs` (suppression). */
  async notifiedSince(db: ControlPlaneDb, kind: string, ruleId: number, groupKey: string, sinceMs: number): Promise<boolean> {
    const row = await db
      .selectFrom('detection_firings')
      .select('id')
      .where('kind', '=', kind)
      .where('rule_id', '=', ruleId)
      .where('group_key', '=', groupKey)
      .where('notification_state', '=', 'notified')
      .where('event_date', '>', sinceMs)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Gives these firings (still without a batch) to the event-log batch `token`. */
  async assignEventLogBatch(db: ControlPlaneDb, ids: readonly string[], token: string): Promise<void> {
    if (ids.length === 0) return;
    await db
      .updateTable('detection_firings')
      .set({ event_log_batch: token })
      .where('id', 'in', [...ids])
      .where('event_log_batch', 'is', null)
      .execute();
  },

  /** The batch's event logs are stored: its firings move on to notifications. */
  async markEventLogged(db: ControlPlaneDb, token: string): Promise<void> {
    await db
      .updateTable('detection_firings')
      .set({ notification_state: 'logged' })
      .where('event_log_batch', '=', token)
      .where('notification_state', '=', 'pending')
      .execute();
  },

  /**
   * Claims a pending firing's notifications for `holder` until `untilMs`: one conditional update, so of two
   * processes dispatching the same firing exactly one sends it. A claim that expired (its process died) is taken over.
   */
  async claim(db: ControlPlaneDb, id: string, holder: string, nowMs: number, untilMs: number): Promise<boolean> {
    const result = await db
      .updateTable('detection_firings')
      .set({ claimed_by: holder, claimed_until: untilMs })
      .where('id', '=', id)
      .where('notification_state', 'in', ['pending', 'logged'])
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', nowMs), eb('claimed_by', '=', holder)]))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  async setState(db: ControlPlaneDb, id: string, state: NotificationState): Promise<void> {
    await db.updateTable('detection_firings').set({ notification_state: state }).where('id', '=', id).execute();
  },

  /** A page of one kind's firings of an account (triggered alerts …). */
  async search(db: ControlPlaneDb, filter: FiringFilter): Promise<{ total: number; results: FiringRecord[] }> {
    const like = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    let query = db.selectFrom('detection_firings').where('account_id', '=', filter.accountId).where('kind', '=', filter.kind);
    if (filter.severities.length > 0) query = query.where('severity', 'in', [...filter.severities]);
    if (filter.search !== undefined && filter.search !== '') {
      query = query.where(sql<boolean>`lower(name) like ${like(filter.search.toLowerCase())} escape '\\'`);
    }
    if (filter.tags.length > 0) {
      // Tags are a JSON array of strings; a tag matches as its JSON-quoted form.
      query = query.where((eb) => eb.or(filter.tags.map((tag) => sql<boolean>`tags like ${like(JSON.stringify(tag))} escape '\\'`)));
    }
    const total = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    const direction = filter.descending ? 'desc' : 'asc';
    const severityRank = sql<number>`case severity ${sql.raw(
      Object.entries(SEVERITY_ORDER)
        .map(([severity, rank]) => `when '${severity}' then ${rank}`)
        .join(' '),
    )} end`;
    let ordered = query.selectAll();
    if (filter.sortBy === 'SEVERITY') ordered = ordered.orderBy(severityRank, direction);
    const rows = await ordered.orderBy('event_date', direction).orderBy('id').offset(filter.from).limit(filter.size).execute();
    return { total: Number(total.count), results: rows.map(fromRow) };
  },
};
