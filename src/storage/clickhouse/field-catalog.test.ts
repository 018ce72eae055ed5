import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openChdbTransport } from './chdb-transport.js';
import { singleNodeDdl } from './ddl.js';
import { createFieldCatalogCache, MAX_VALUES_PER_FIELD, type FieldCatalogCache } from './field-catalog.js';
import { observationBit } from './field-types.js';
import { FIELD_TABLE, VALUE_TABLE } from './log-table-schema.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logward-catalog-'));
const transport = openChdbTransport({
  path: dir,
  memoryBytes: 1_000_000_000,
  querySessions: 1,
  limits: { maxExecutionSeconds: 20, maxMemoryBytes: 500_000_000 },
});
after(async () => {
  await transport.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Appends of one process: each field's type and, for the columns of few values, its value. */
async function append(cache: FieldCatalogCache, account: number, logs: readonly Record<string, string>[]): Promise<number> {
  await cache.load([account]);
  const batch = cache.newBatch();
  const sink = batch.sinkFor(account, 1_000);
  for (const log of logs)
    for (const [name, value] of Object.entries(log)) {
      sink.seen(name, 'text', false, observationBit('text', false));
      sink.valueSeen(name, value);
    }
  await cache.persist(batch);
  return batch.valueRows.length;
}

describe('the value catalog of the columns of few values (decision 0193)', () => {
  before(async () => {
    for (const statement of singleNodeDdl()) await transport.exec(statement);
  });
  const open = () => createFieldCatalogCache(transport, FIELD_TABLE.name, VALUE_TABLE.name);

  it('lists each value once, across appends and processes, and no other account sees it', async () => {
    const first = open();
    assert.equal(await append(first, 1, [{ host: 'web-1' }, { host: 'web-2' }, { host: 'web-1', level: 'INFO' }]), 3);
    assert.equal(await append(first, 1, [{ host: 'web-2' }]), 0);
    // Another process learns what is listed from the table, and writes only what is new.
    const second = open();
    assert.equal(await append(second, 1, [{ host: 'web-1' }, { host: 'web-3' }]), 1);
    const read = await open().read([1, 2]);
    const host = read.get(1)?.find((field) => field.name === 'host');
    assert.deepEqual([...(host?.values?.values ?? [])].sort(), ['web-1', 'web-2', 'web-3']);
    assert.equal(host?.values?.complete, true);
    assert.deepEqual(read.get(1)?.find((field) => field.name === 'level')?.values, { values: ['INFO'], complete: true });
    assert.deepEqual(read.get(2), []);
  });

  it('stops listing a field past its cap, and says the list is not complete', async () => {
    const cache = open();
    const logs = Array.from({ length: MAX_VALUES_PER_FIELD + 5 }, (_, i) => ({ thread: `t${i}` }));
    assert.equal(await append(cache, 3, logs), MAX_VALUES_PER_FIELD + 1);
    assert.equal(await append(cache, 3, [{ thread: 'another' }]), 0);
    const thread = (await cache.read([3])).get(3)?.find((field) => field.name === 'thread');
    assert.equal(thread?.values?.complete, false);
    assert.equal(thread?.values?.values.length, MAX_VALUES_PER_FIELD);
    // A process started afterwards knows the field overflowed and writes nothing more for it.
    assert.equal(await append(open(), 3, [{ thread: 'yet another' }]), 0);
  });
});
