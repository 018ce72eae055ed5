import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import type { ScrollContext } from './scroll-store.js';

type StoredContext = Omit<ScrollContext, 'owner' | 'expiresAtMs'>;

function toRow(id: string, context: ScrollContext): { id: string; owner: string; context: string; expires_at: number } {
  const { owner, expiresAtMs, ...stored } = context;
  return { id, owner, context: JSON.stringify(stored satisfies StoredContext), expires_at: expiresAtMs };
}

function fromRow(row: { owner: string; context: string; expires_at: number }): ScrollContext {
  return { ...(JSON.parse(row.context) as StoredContext), owner: row.owner, expiresAtMs: Number(row.expires_at) };
}

export const scrollRepository = {
  async insert(db: ControlPlaneDb, id: string, context: ScrollContext): Promise<void> {
    await db.insertInto('scroll_contexts').values(toRow(id, context)).execute();
  },

  async get(db: ControlPlaneDb, id: string): Promise<ScrollContext | undefined> {
    const row = await db.selectFrom('scroll_contexts').select(['owner', 'context', 'expires_at']).where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : fromRow(row);
  },

  async update(db: ControlPlaneDb, id: string, context: ScrollContext): Promise<void> {
    const { context: json, expires_at } = toRow(id, context);
    await db.updateTable('scroll_contexts').set({ context: json, expires_at }).where('id', '=', id).execute();
  },

  async delete(db: ControlPlaneDb, id: string, owner: string): Promise<boolean> {
    const result = await db.deleteFrom('scroll_contexts').where('id', '=', id).where('owner', '=', owner).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  async deleteExpired(db: ControlPlaneDb, nowMs: number): Promise<void> {
    await db.deleteFrom('scroll_contexts').where('expires_at', '<=', nowMs).execute();
  },
};
