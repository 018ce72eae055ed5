import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { composeApp } from '../../src/app/compose.js';
import { createLogger } from '../../src/app/create-logger.js';
import { loadConfig } from '../../src/config/index.js';
import { systemClock } from '../../src/shared/clock.js';
import { sqliteBackend } from '../support/control-plane-backends.js';
import { startTestApp, TEST_API_TOKEN } from '../support/test-app.js';

/** A route that answers only when the test lets it, to hold requests in flight. */
function holdRoute(): { release: () => void; handler: () => Promise<{ ok: true }>; entered: (count: number) => Promise<void> } {
  let release = (): void => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let inside = 0;
  const waiters: { count: number; resolve: () => void }[] = [];
  return {
    release: () => release(),
    handler: async () => {
      inside += 1;
      for (const waiter of waiters) if (inside >= waiter.count) waiter.resolve();
      await gate;
      return { ok: true as const };
    },
    // Resolves once `count` requests are inside the handler: no sleeping, whatever the machine's load.
    entered: (count) => (inside >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve }))),
  };
}

describe('per-account concurrency limit', () => {
  it('answers 429 with Retry-After beyond the limit and frees slots when requests finish', async () => {
    const t = await startTestApp({ backend: sqliteBackend, env: { LOGWARD_MAX_CONCURRENT_REQUESTS: '3' } });
    try {
      const hold = holdRoute();
      t.api.get('/held', hold.handler);
      const headers = { 'x-api-token': t.apiToken };
      const held = [1, 2, 3].map(() => t.api.inject({ method: 'GET', url: '/held', headers }));
      await hold.entered(3);
      const refused = await t.api.inject({ method: 'GET', url: '/v2/whoami', headers });
      assert.equal(refused.statusCode, 429);
      assert.equal(refused.headers['retry-after'], '1');
      assert.equal(refused.json<{ parameters: { limit: number } }>().parameters.limit, 3);
      hold.release();
      for (const response of await Promise.all(held)) assert.equal(response.statusCode, 200);
      assert.equal((await t.api.inject({ method: 'GET', url: '/v2/whoami', headers })).statusCode, 200);
    } finally {
      await t.close();
    }
  });
});

describe('graceful stop', () => {
  it('lets an in-flight request finish before the stores close', async () => {
    const t = await startTestApp({ backend: sqliteBackend });
    const hold = holdRoute();
    t.api.get('/held', hold.handler);
    await t.api.listen({ port: 0, host: '127.0.0.1' });
    const address = t.api.server.address();
    assert.ok(address !== null && typeof address === 'object');
    const inFlight = fetch(`http://127.0.0.1:${address.port}/held`, { headers: { 'x-api-token': t.apiToken } });
    await hold.entered(1);
    const stopping = t.close();
    setTimeout(hold.release, 100);
    const response = await inFlight;
    assert.equal(response.status, 200);
    await stopping;
  });
});

describe('service logs', () => {
  it('never contain token values', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const opened = await sqliteBackend.open();
    const app = await composeApp({
      config: loadConfig({ LOGWARD_BOOTSTRAP_API_TOKEN: TEST_API_TOKEN, LOGWARD_DATA_DIR: '/tmp/unused-logward' }),
      clock: systemClock,
      logger: createLogger('trace', sink),
      controlPlane: opened.controlPlane,
    });
    try {
      await app.api.inject({ method: 'GET', url: '/v2/whoami', headers: { 'x-api-token': TEST_API_TOKEN } });
      await app.api.inject({ method: 'GET', url: '/v2/whoami', headers: { 'x-api-token': 'wrong-token-value-123' } });
      await app.api.inject({ method: 'GET', url: '/v2/whoami?token=query-secret-456' });
      const log = lines.join('');
      assert.match(log, /"url":"\/v2\/whoami"/, 'requests are logged');
      assert.ok(!log.includes(TEST_API_TOKEN), 'the API token is not logged');
      assert.ok(!log.includes('wrong-token-value-123'), 'a wrong token is not logged');
      assert.ok(!log.includes('query-secret-456'), 'a token in the query string is redacted');
    } finally {
      await app.stop();
      await opened.dispose();
    }
  });
});
