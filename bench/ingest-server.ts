/**
 * The server side of `npm run bench:ingest`'s end-to-end phase, in a process of its own as in a deployment: the
 * app with the ingest role on the given data directory and three accounts with their own shipping tokens. It
 * prints `{port, tokens, accountIds}` as one JSON line, stops when its stdin ends, then prints the stored count
 * and the active parts' bytes after `OPTIMIZE … FINAL`.
 */
import { composeApp } from '../src/app/compose.js';
import { createLogger } from '../src/app/create-logger.js';
import { loadConfig } from '../src/config/index.js';
import { systemClock } from '../src/shared/clock.js';
import { openLogStoreTransport } from '../src/storage/open-log-store.js';
import { addShippingAccount } from '../test/support/shipping-accounts.js';

const dataDir = process.argv[2];
if (dataDir === undefined) throw new Error('usage: ingest-server.ts <data dir>');
const config = loadConfig({
  LOGWARD_DATA_DIR: dataDir,
  LOGWARD_LOG_STORE_URL: `chdb:${dataDir}`,
  LOGWARD_ROLES: 'ingest',
  LOGWARD_API_HOST: '127.0.0.1',
  LOGWARD_API_PORT: '0',
  LOGWARD_LISTENER_PORT: '0',
  LOGWARD_SYSLOG_TCP_PORT: '0',
  LOGWARD_SYSLOG_UDP_PORT: '0',
});
const app = await composeApp({ config, clock: systemClock, logger: createLogger('silent') });
const accounts = await Promise.all(
  [0, 1, 2].map((i) => addShippingAccount(app.controlPlane.db, { name: `bench${i}`, maxDailyGB: 1000, retentionDays: 3650 })),
);
await app.start();
process.stdout.write(
  `${JSON.stringify({ port: app.ingestPorts()?.listenerPort, tokens: accounts.map((a) => a.token), accountIds: accounts.map((a) => a.accountId) })}\n`,
);
process.stdin.resume();
await new Promise((resolve) => process.stdin.once('end', resolve));
const stats = await app.logStore.accountStats(accounts.map((account) => account.accountId));
const stored = [...stats.values()].reduce((sum, entry) => sum + entry.logCount, 0);
await app.stop();
// The app has released the directory: measure what the real ingest path stored (its own ids and fields).
const transport = openLogStoreTransport({ url: `chdb:${dataDir}`, memoryBytes: 2_000_000_000 });
await transport.exec('OPTIMIZE TABLE logs FINAL');
const [disk] = await transport.query<{ bytes: number }>(
  "SELECT sum(bytes_on_disk) AS bytes FROM system.parts WHERE active AND database = currentDatabase() AND table = 'logs'",
);
await transport.close();
process.stdout.write(`${JSON.stringify({ stored, diskBytes: disk?.bytes ?? 0 })}\n`);
