import { sql, type Selectable } from 'kysely';
import type { ControlPlaneDb, TriggeredAlertsTable } from '../../storage/control-plane/index.js';
import type { Severity } from '../notifications/index.js';
import type { FiringPayload, NotificationState, TriggeredAlert } from './triggered-alert.js';

type Row = Selectable<TriggeredAlertsTable>;

function fromRow(row: Row): TriggeredAlert {
  return {
    id: row.id,
    firingKey: row.firing_key,
    alertId: row.alert_id,
    accountId: row.account_id,
    name: row.name,
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

export interface TriggeredAlertFilter {
  readonly accountId: number;
  readonly search: string | undefined;
  readonly severities: readonly Severity[];
  readonly tags: readonly string[];
  readonly sortBy: 'DATE' | 'SEVERITY';
  readonly descending: boolean;
  readonly from: number;
  readonly size: number;
}

const SEVERITY_ORDER: Readonly<Record<Severity, number>> = { INFO: 0, LOW: 1, MEDIUM: 2, HIGH: 3, SEVERE: 4 };

export const triggeredAlertRepository = {
  /**
   * Records firings and moves the alert's watermark in one transaction: after a crash either both
   * happened (the window is not judged again) or neither did (it is judged again and fires once).
   */
  async recordWindow(db: ControlPlaneDb, alertId: number, windowEndMs: number, firings: readonly TriggeredAlert[], now: number): Promise<void> {
    await db.transaction().execute(async (tx) => {
      for (const firing of firings) {
        await tx
          .insertInto('triggered_alerts')
          .values({
            id: firing.id,
            firing_key: firing.firingKey,
            alert_id: firing.alertId,
            account_id: firing.accountId,
            name: firing.name,
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
        .insertInto('alert_watermarks')
        .values({ alert_id: alertId, evaluated_until: windowEndMs, updated_at: now })
        .onConflict((oc) => oc.column('alert_id').doUpdateSet({ evaluated_until: windowEndMs, updated_at: now }))
        .execute();
    });
  },

  async watermarks(db: ControlPlaneDb, alertIds: readonly number[]): Promise<Map<number, number>> {
    if (alertIds.length === 0) return new Map();
    const rows = await db.selectFrom('alert_watermarks').select(['alert_id', 'evaluated_until']).where('alert_id', 'in', [...alertIds]).execute();
    return new Map(rows.map((row) => [row.alert_id, row.evaluated_until]));
  },

  async listPending(db: ControlPlaneDb, limit: number): Promise<TriggeredAlert[]> {
    const rows = await db
      .selectFrom('triggered_alerts')
      .selectAll()
      .where('notification_state', 'in', ['pending', 'logged'])
      .orderBy('event_date')
      .orderBy('window_end')
      .limit(limit)
      .execute();
    return rows.map(fromRow);
  },

  /** Whether the group was notified after `sinceMs` (suppression). */
  async notifiedSince(db: ControlPlaneDb, alertId: number, groupKey: string, sinceMs: number): Promise<boolean> {
    const row = await db
      .selectFrom('triggered_alerts')
      .select('id')
      .where('alert_id', '=', alertId)
      .where('group_key', '=', groupKey)
      .where('notification_state', '=', 'notified')
      .where('event_date', '>', sinceMs)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Gives these firings (still without a batch) to the event-log batch `token`. */
  async assignEventLogBatch(db: ControlPlaneDb, ids: readonly string[], token: string): Promise<void> {
    if (ids.length === 0) return;
    await db.updateTable('triggered_alerts').set({ event_log_batch: token }).where('id', 'in', [...ids]).where('event_log_batch', 'is', null).execute();
  },

  /** The batch's event logs are stored: its firings move on to notifications. */
  async markEventLogged(db: ControlPlaneDb, token: string): Promise<void> {
    await db.updateTable('triggered_alerts').set({ notification_state: 'logged' }).where('event_log_batch', '=', token).where('notification_state', '=', 'pending').execute();
  },

  async setState(db: ControlPlaneDb, id: string, state: NotificationState): Promise<void> {
    await db.updateTable('triggered_alerts').set({ notification_state: state }).where('id', '=', id).execute();
  },

  async search(db: ControlPlaneDb, filter: TriggeredAlertFilter): Promise<{ total: number; results: TriggeredAlert[] }> {
    const like = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    let query = db.selectFrom('triggered_alerts').where('account_id', '=', filter.accountId);
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
