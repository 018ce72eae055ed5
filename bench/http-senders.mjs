// Worker thread of the ingest benchmark: concurrent shippers POSTing NDJSON bodies to the Logz.io
// listener, on their own thread so the server's event loop is not also the client's.
import { Buffer } from 'node:buffer';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { Pool } from 'undici';

const { url, concurrency } = workerData;
// One keep-alive connection per sender, as a shipper holds one: undici's request API, not fetch, which costs
// the sending side several times more CPU per request.
const pool = new Pool(url, { connections: concurrency });
// Bodies as bytes before the clock starts: shippers send bytes, and encoding strings here is no server work.
const requests = (workerData.requests ?? []).map((request) => ({ token: request.token, body: Buffer.from(request.body) }));
let next = 0;
let failures = 0;
let retries = 0;

// A spool file (the real set, too large to hold): records of one byte (the account's index into `tokens`), the body's
// length (UInt32 big-endian) and the body, read one request at a time as the senders need them.
const spool = workerData.spool === undefined ? undefined : fs.openSync(workerData.spool, 'r');
const header = Buffer.alloc(5);

/** The next request to send, or undefined when all are sent. */
function take() {
  if (spool === undefined) return requests[next++];
  if (fs.readSync(spool, header, 0, 5, null) < 5) return undefined;
  const body = Buffer.allocUnsafe(header.readUInt32BE(1));
  let read = 0;
  while (read < body.length) read += fs.readSync(spool, body, read, body.length - read, null);
  return { token: workerData.tokens[header[0]], body };
}

async function sender() {
  for (let request = take(); request !== undefined; request = take()) {
    for (;;) {
      const response = await pool.request({
        path: `/?token=${request.token}&type=bench`,
        method: 'POST',
        body: request.body,
        headers: { 'content-type': 'application/json' },
      });
      await response.body.arrayBuffer();
      if (response.statusCode === 200) break;
      // 429/503 mean back-pressure: wait as told and resend, as the shippers do.
      if (response.statusCode === 429 || response.statusCode === 503) {
        retries += 1;
        await setTimeout(50);
        continue;
      }
      failures += 1;
      break;
    }
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, sender));
const ms = performance.now() - started;
await pool.close();
parentPort.postMessage({ ms, failures, retries });
