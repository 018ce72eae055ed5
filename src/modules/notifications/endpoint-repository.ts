import type { Selectable } from 'kysely';
import type { ControlPlaneDb, NotificationEndpointsTable } from '../../storage/control-plane/index.js';
import { ENDPOINT_TYPES, type EndpointSettings, type NotificationEndpoint } from './endpoint-types.js';
import type { SecretBox } from './secret-box.js';

type EndpointRow = Selectable<NotificationEndpointsTable>;

function fromRow(row: EndpointRow, box: SecretBox): NotificationEndpoint {
  return {
    id: row.id,
    accountId: row.account_id,
    title: row.title,
    description: row.description,
    settings: JSON.parse(box.open(row.settings_encrypted)) as EndpointSettings,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toRow(endpoint: NotificationEndpoint, box: SecretBox): EndpointRow {
  return {
    id: endpoint.id,
    account_id: endpoint.accountId,
    endpoint_type: ENDPOINT_TYPES[endpoint.settings.slug].endpointType,
    title: endpoint.title,
    description: endpoint.description,
    settings_encrypted: box.seal(JSON.stringify(endpoint.settings)),
    created_at: endpoint.createdAt,
    updated_at: endpoint.updatedAt,
  };
}

/** Persistence of endpoints; the type's settings are sealed on the way in and opened on the way out. */
export function createEndpointRepository(box: SecretBox) {
  return {
    async insert(db: ControlPlaneDb, endpoint: NotificationEndpoint): Promise<void> {
      await db.insertInto('notification_endpoints').values(toRow(endpoint, box)).execute();
    },

    async update(db: ControlPlaneDb, endpoint: NotificationEndpoint): Promise<boolean> {
      const { id, account_id, created_at: _createdAt, ...rest } = toRow(endpoint, box);
      const result = await db
        .updateTable('notification_endpoints')
        .set(rest)
        .where('id', '=', id)
        .where('account_id', '=', account_id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async delete(db: ControlPlaneDb, accountId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('notification_endpoints')
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async get(db: ControlPlaneDb, accountId: number, id: number): Promise<NotificationEndpoint | undefined> {
      const row = await db
        .selectFrom('notification_endpoints')
        .selectAll()
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return row === undefined ? undefined : fromRow(row, box);
    },

    async list(db: ControlPlaneDb, accountId: number): Promise<NotificationEndpoint[]> {
      const rows = await db
        .selectFrom('notification_endpoints')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => fromRow(row, box));
    },

    async listByIds(db: ControlPlaneDb, accountId: number, ids: readonly number[]): Promise<NotificationEndpoint[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('notification_endpoints')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('id', 'in', [...ids])
        .execute();
      return rows.map((row) => fromRow(row, box));
    },
  };
}

export type EndpointRepository = ReturnType<typeof createEndpointRepository>;
