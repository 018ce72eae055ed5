import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends, type OpenedControlPlane } from '../../../test/support/control-plane-backends.js';
import { addShippingAccount } from '../../../test/support/shipping-accounts.js';
import { createLogger } from '../../app/create-logger.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import { createDroppedLogSpool, droppedLogRepository } from './dropped-log-spool.js';

const HOUR_MS = 3_600_000;
const logger = createLogger('silent');
/** A log whose `_source` is exactly 100 bytes. */
const log = (id: string, timestampMs: number) => ({ id, timestampMs, source: JSON.stringify({ m: id.padEnd(92, '.') }) });

async function addArchive(db: ControlPlaneDb, id: number, accountId: number): Promise<void> {
  await db
    .insertInto('archive_settings')
    .values({
      id,
      account_id: accountId,
      storage_type: 'DIRECTORY',
      enabled: 1,
      compressed: 1,
      destination: '{}',
      sealed_keys: null,
      access_key_hint: null,
      archived_through: 0,
      last_archived_at: null,
      last_error: null,
      last_error_at: null,
      created_at: 0,
      updated_at: 0,
    })
    .execute();
}

for (const backend of controlPlaneBackends) {
  describe(`dropped-log spool (${backend.name}, decision 0705)`, () => {
    let opened: OpenedControlPlane;
    before(async () => {
      opened = await backend.open();
    });
    after(async () => {
      await opened.dispose();
    });

    it('keeps only for an account with an enabled archive, never past its bound, and frees what the pass removed', async () => {
      const db = opened.controlPlane.db;
      const archived = await addShippingAccount(db, { name: 'archived' });
      const plain = await addShippingAccount(db, { name: 'plain' });
      await addArchive(db, 7001, archived.accountId);
      // Two ingest processes sharing the control plane, each with its own view.
      const spools = [0, 1].map(() => createDroppedLogSpool({ db, logger, maxBytesPerArchive: 500, cacheMs: 0 }));
      const [a, b] = spools as [ReturnType<typeof createDroppedLogSpool>, ReturnType<typeof createDroppedLogSpool>];

      assert.equal(await a.wants(plain.accountId), false);
      await a.keep(plain.accountId, [log('p1', 0)]);
      assert.equal(await a.wants(archived.accountId), true);

      // Ten single-log requests on two processes at once against a 500-byte bound: exactly five are kept.
      const at = 5 * HOUR_MS + 10;
      await Promise.all(
        Array.from({ length: 10 }, (_, index) => (index % 2 === 0 ? a : b).keep(archived.accountId, [log(`k${index}`, at)])),
      );
      const rows = await db.selectFrom('archive_dropped_logs').selectAll().execute();
      assert.equal(rows.length, 5);
      assert.ok(rows.every((row) => Number(row.account_id) === archived.accountId && Number(row.hour_ms) === 5 * HOUR_MS));
      const reserved = await db.selectFrom('archive_settings').select('dropped_bytes').where('id', '=', 7001).executeTakeFirstOrThrow();
      assert.equal(Number(reserved.dropped_bytes), 500);
      const [countedA, countedB] = await Promise.all(spools.map(async (spool) => (await spool.metrics[0].get()).values));
      assert.equal(
        [...(countedA ?? []), ...(countedB ?? [])].reduce((sum, value) => sum + value.value, 0),
        5,
        'the rest is counted',
      );

      // The pass reads an hour in id order and removes what it wrote: the bytes are free again.
      assert.deepEqual(await droppedLogRepository.hoursBefore(db, 7001, 6 * HOUR_MS, 10), [5 * HOUR_MS]);
      assert.deepEqual(await droppedLogRepository.hoursBefore(db, 7001, 5 * HOUR_MS, 10), []);
      const page = await droppedLogRepository.page(db, 7001, 5 * HOUR_MS, 3);
      assert.deepEqual(
        page.map((row) => row.id),
        rows
          .map((row) => row.id)
          .sort()
          .slice(0, 3),
      );
      await droppedLogRepository.remove(
        db,
        7001,
        page.map((row) => row.id),
        300,
      );
      await a.keep(archived.accountId, [log('after', at), log('after2', at), log('after3', at)]);
      assert.equal((await db.selectFrom('archive_dropped_logs').select('id').execute()).length, 5);

      // Disabled: kept no more (the view re-reads it; with the API, the change is seen at once).
      await db.updateTable('archive_settings').set({ enabled: 0 }).where('id', '=', 7001).execute();
      await droppedLogRepository.remove(db, 7001, ['after'], 100);
      await a.keep(archived.accountId, [log('disabled', at)]);
      assert.equal((await db.selectFrom('archive_dropped_logs').select('id').where('id', '=', 'disabled').execute()).length, 0);
    });
  });
}
