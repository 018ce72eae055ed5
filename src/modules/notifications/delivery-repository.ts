import { randomUUID } from 'node:crypto';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import type { DeliveryOutcome } from './http-delivery.js';

/** `slack-webhook`: a Slack incoming-webhook URL given with the message itself (snapshots). */
export type DeliveryChannel = 'endpoint' | 'email' | 'slack-webhook';

export interface DeliveryRecord {
  readonly accountId: number;
  readonly sourceKey: string;
  readonly channel: DeliveryChannel;
  readonly target: string;
  readonly outcome: DeliveryOutcome;
  readonly at: number;
}

/** The outcome of every delivery, and which targets of a firing already got theirs. */
export const deliveryRepository = {
  async record(db: ControlPlaneDb, record: DeliveryRecord): Promise<void> {
    await db
      .insertInto('notification_deliveries')
      .values({
        id: randomUUID(),
        account_id: record.accountId,
        source_key: record.sourceKey,
        channel: record.channel,
        target: record.target,
        status: record.outcome.delivered ? 'delivered' : 'failed',
        attempts: record.outcome.attempts,
        http_status: record.outcome.httpStatus,
        error: record.outcome.error,
        created_at: record.at,
      })
      .execute();
  },

  /** `channel:target` of the deliveries of this source that succeeded. */
  async deliveredTargets(db: ControlPlaneDb, sourceKey: string): Promise<Set<string>> {
    const rows = await db
      .selectFrom('notification_deliveries')
      .select(['channel', 'target'])
      .where('source_key', '=', sourceKey)
      .where('status', '=', 'delivered')
      .execute();
    return new Set(rows.map((row) => `${row.channel}:${row.target}`));
  },

  async listBySource(db: ControlPlaneDb, sourceKey: string): Promise<DeliveryRecord[]> {
    const rows = await db
      .selectFrom('notification_deliveries')
      .selectAll()
      .where('source_key', '=', sourceKey)
      .orderBy('created_at')
      .execute();
    return rows.map((row) => ({
      accountId: row.account_id,
      sourceKey: row.source_key,
      channel: row.channel as DeliveryChannel,
      target: row.target,
      outcome: { delivered: row.status === 'delivered', attempts: row.attempts, httpStatus: row.http_status, error: row.error },
      at: row.created_at,
    }));
  },
};
