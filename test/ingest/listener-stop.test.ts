import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sqliteBackend } from '../support/control-plane-backends.js';
import { openLogReader } from '../support/log-reader.js';
import { startTestApp } from '../support/test-app.js';

describe('stopping the ingest role', () => {
  it('answers the requests it accepted only after their logs are stored, even while stopping', async () => {
    const t = await startTestApp({ backend: sqliteBackend });
    const reader = openLogReader(t.config);
    try {
      const { listenerUrl } = await t.listen();
      const body = (request: number) =>
        Array.from({ length: 20 }, (_, i) => JSON.stringify({ message: `stop ${request}.${i}`, req: request })).join('\n');
      const sent = Array.from({ length: 30 }, (_, request) =>
        fetch(`${listenerUrl}/?token=${t.shippingToken}&type=stopping`, {
          method: 'POST',
          body: body(request),
          headers: { 'content-type': 'text/plain' },
        }).then(
          async (response) => ({ request, status: response.status, text: await response.text() }),
          () => ({ request, status: 0, text: '' }),
        ),
      );
      // Stop once requests are in: they then wait for their batch (200 ms linger) while the listener stops.
      const connections = () => new Promise<number>((resolve) => t.listener.server.getConnections((_error, count) => resolve(count)));
      while ((await connections()) < 10) await new Promise((resolve) => setTimeout(resolve, 5));
      await new Promise((resolve) => setTimeout(resolve, 30));
      const stopped = t.app.stop();
      const answers = await Promise.all(sent);
      await stopped;
      const acknowledged = answers.filter((answer) => answer.status === 200).map((answer) => answer.request);
      assert.ok(acknowledged.length > 0, JSON.stringify(answers.map((answer) => answer.status)));
      assert.ok(
        answers.every((answer) => [0, 200, 503].includes(answer.status)),
        JSON.stringify(answers.map((answer) => answer.status)),
      );
      const rows = await reader.rows<{ req: number; n: string | number }>(
        `SELECT toUInt32(num['req']) AS req, count() AS n FROM logs WHERE type = 'stopping' GROUP BY req`,
      );
      const stored = new Map(rows.map((row) => [Number(row.req), Number(row.n)]));
      for (const request of acknowledged) assert.equal(stored.get(request), 20, `request ${request}`);
      for (const count of stored.values()) assert.equal(count, 20);
    } finally {
      reader.close();
      await t.close();
    }
  });
});
