/**
 * Sign-in throttling keys on the client address a trusted reverse proxy names, not on the proxy (decision 0614):
 * behind one, five failures by one client must not lock every other client out, and a client that is no trusted
 * proxy cannot escape its own count by sending X-Forwarded-For.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sqliteBackend } from '../support/control-plane-backends.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const PROXY = '10.1.2.3';

describe('sign-in throttling behind a reverse proxy', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ backend: sqliteBackend, env: { LOGWARD_ROLES: 'api', LOGWARD_TRUSTED_PROXIES: '10.1.0.0/16, fd00::/8' } });
  });
  after(async () => t.close());

  // A different unknown e-mail each time: only the address count can throttle.
  let attempt = 0;
  const signIn = async (peer: string, forwardedFor?: string) =>
    (
      await t.api.inject({
        method: 'POST',
        url: '/v1/session/sign-in',
        payload: { email: `guess${(attempt += 1)}@example.com`, password: 'wrong password' },
        remoteAddress: peer,
        ...(forwardedFor === undefined ? {} : { headers: { 'x-forwarded-for': forwardedFor } }),
      })
    ).statusCode;

  it('counts the client a trusted proxy forwards for, so other clients behind it still sign in', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push(await signIn(PROXY, '203.0.113.7'));
    assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429]);
    assert.equal(await signIn(PROXY, '198.51.100.9'), 401, 'another client behind the same proxy is not held back');
    // A chain: the client is the nearest address that is no trusted proxy; what it claimed before that is ignored.
    assert.equal(await signIn(PROXY, '1.1.1.1, 203.0.113.7, 10.1.9.9'), 429, 'the same client through two proxies');
    assert.equal(await signIn('fd00::1', '203.0.113.7'), 429, 'trusted over IPv6 too');
  });

  it('ignores X-Forwarded-For from a peer that is no trusted proxy', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push(await signIn('192.0.2.50', `198.18.0.${i}`));
    assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429], 'a new forged address each time changes nothing');
    assert.equal(await signIn('192.0.2.51', '192.0.2.50'), 401, 'nor can it blame another client');
  });
});
