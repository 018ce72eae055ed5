// Runs the ClickHouse HTTP front over chDB (./clickhouse-http-over-chdb.ts) as its own process, as a cluster's
// processes would reach a ClickHouse server: `node --import tsx test/support/clickhouse-front-main.ts <data dir>`.
// Prints `listening <url>` once it serves; SIGTERM closes it.
import { startClickHouseHttpOverChdb } from './clickhouse-http-over-chdb.js';

const dataDir = process.argv[2];
if (dataDir === undefined) {
  process.stderr.write('usage: clickhouse-front-main.ts <data dir>\n');
  process.exit(2);
}
const front = await startClickHouseHttpOverChdb(dataDir);
process.stdout.write(`listening ${front.url}\n`);
const stop = (): void => {
  void front.close().then(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
