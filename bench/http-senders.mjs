// Worker thread of the ingest benchmark: concurrent shippers POSTing NDJSON bodies to the Logz.io
// listener, on their own thread so the server's event loop is not also the client's.
import { performance } from 'node:perf_hooks';
import { setTimeout } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { fetch } from 'undici';

const { url, requests, concurrency } = workerData;
let next = 0;
let failures = 0;
let retries = 0;

async function sender() {
  while (next < requests.length) {
    const request = requests[next];
    next += 1;
    for (;;) {
      const response = await fetch(`${url}/?token=${request.token}&type=bench`, { method: 'POST', body: request.body, headers: { 'content-type': 'application/json' } });
      await response.arrayBuffer();
      if (response.ok) break;
      // 429/503 mean back-pressure: wait as told and resend, as the shippers do.
      if (response.status === 429 || response.status === 503) {
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
parentPort.postMessage({ ms: performance.now() - started, failures, retries });
