import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pino from 'pino';
import { parseSearchRequest } from '../../query/index.js';
import { createManualClock } from '../../shared/clock.js';
import type { LogStore } from '../../storage/log-store.js';
import { CONTRACT_NOW_MS } from '../../storage/conformance/log-store.contract.js';
import { openLogStore } from '../../storage/open-log-store.js';
import { createOwnLogWriter } from '../own-logs/index.js';
import { createMarkerService, MARKER_LOG_TYPE } from './marker-service.js';

const ACCOUNT = 4711;
const DAY = 86_400_000;

describe('deployment markers are logs of the account', () => {
  let dir: string;
  let store: LogStore;
  const clock = createManualClock(CONTRACT_NOW_MS);

  const search = async (query: unknown) => {
    const request = parseSearchRequest({ query, sort: [{ '@timestamp': 'asc' }] }, { now: clock.now(), profile: 'elasticsearch' });
    const scope = { accounts: [{ accountId: ACCOUNT, fromMs: CONTRACT_NOW_MS - 30 * DAY }], toMs: null, types: null, filter: null };
    return store.search({ scope, request, receivedAtMostMs: null, after: null });
  };

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logward-markers-'));
    store = await openLogStore({ url: `chdb:${dir}`, memoryBytes: 500_000_000 }, { logger: pino({ level: 'silent' }), clock });
  });
  after(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stores each marker with its fields, OTHER by default, at its own time or now', async () => {
    const writer = createOwnLogWriter({ logStore: store, clock, retentionDaysOf: async () => 30 });
    const markers = createMarkerService({ clock, appendLogs: (logs, dedupToken) => writer.append(logs, dedupToken) });
    await markers.create(ACCOUNT, [
      {
        title: 'Deployed v2.3.1',
        description: 'api and workers',
        tag: 'DEPLOYMENT',
        timestamp: CONTRACT_NOW_MS - 60_000,
        metadata: { version: '2.3.1', region: 'eu' },
      },
      { title: 'Config change', description: 'raised the pool size' },
    ]);
    const found = await search({ term: { type: MARKER_LOG_TYPE } });
    assert.equal(found.total, 2);
    const [deployed, config] = found.hits;
    assert.equal(deployed?.type, MARKER_LOG_TYPE);
    assert.deepEqual(deployed?.source, {
      '@timestamp': new Date(CONTRACT_NOW_MS - 60_000).toISOString(),
      message: 'Deployed v2.3.1',
      type: MARKER_LOG_TYPE,
      title: 'Deployed v2.3.1',
      description: 'api and workers',
      tag: 'DEPLOYMENT',
      metadata: { version: '2.3.1', region: 'eu' },
    });
    assert.equal(config?.source?.tag, 'OTHER');
    assert.equal(config?.source?.['@timestamp'], new Date(CONTRACT_NOW_MS).toISOString(), "no timestamp: the injected clock's now");
    assert.equal((await search({ match: { 'metadata.region': 'eu' } })).total, 1);
  });
});
