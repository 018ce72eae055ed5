/**
 * A newcomer follows the README on a fresh server with every default: the first start prints the admin user, and
 * the README's own sub-account, security-account and first-password examples work as written (decision 0613).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { runCli, startService, waitFor, type RunningService } from '../support/child-process.js';
import { freePort } from '../support/external-process.js';

const README = fs.readFileSync(path.join(import.meta.dirname, '../../README.md'), 'utf8');

/** The `-d '…'` JSON body of the README's curl example that calls `route`. */
function exampleBody(route: string): unknown {
  const at = README.indexOf(`${route} `);
  assert.ok(at >= 0, `the README has an example calling ${route}`);
  const body = /-d '([^']+)'/.exec(README.slice(at, at + 400))?.[1];
  assert.ok(body !== undefined, `the ${route} example has a body`);
  return JSON.parse(body);
}

describe('the README, followed on a fresh server with the defaults', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'logward-readme-'));
  let service: RunningService | undefined;
  after(async () => {
    service?.child.kill('SIGTERM');
    await service?.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates a sub account and a security account naming the printed admin, and gives that admin a password', async () => {
    const port = await freePort();
    const env = { LOGWARD_DATA_DIR: dataDir, LOGWARD_API_PORT: String(port), LOGWARD_API_HOST: '127.0.0.1', LOGWARD_LOG_LEVEL: 'warn' };
    service = startService({ ...env, LOGWARD_ROLES: 'api' });
    const printed = service;
    const apiToken = await waitFor(async () => /API token\s+(\S+)/.exec(printed.stdout())?.[1], 60_000, 'the printed API token');
    const admin = /admin user\s+(\S+)/.exec(printed.stdout())?.[1];
    assert.ok(admin !== undefined, printed.stdout());
    assert.ok(README.includes(`| \`LOGWARD_BOOTSTRAP_ADMIN_EMAIL\` | \`${admin}\` |`), 'the README states the default the server printed');
    const api = async (method: string, url: string, body?: unknown) => {
      const response = await fetch(`http://127.0.0.1:${port}${url}`, {
        method,
        headers: { 'X-API-TOKEN': apiToken, 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    await waitFor(async () => ((await api('GET', '/v2/whoami')).status === 200 ? true : undefined), 30_000, 'whoami');

    const subAccountBody = exampleBody('/v1/account-management/time-based-accounts');
    assert.equal((subAccountBody as { email: string }).email, admin, "the README's example names the default admin");
    const subAccount = await api('POST', '/v1/account-management/time-based-accounts', subAccountBody);
    assert.equal(subAccount.status, 200, JSON.stringify(subAccount.body));
    assert.equal(typeof subAccount.body.accountId, 'number');
    assert.equal(typeof subAccount.body.accountToken, 'string');

    const securityBody = exampleBody('/v2/account-management/siem');
    assert.equal((securityBody as { email: string }).email, admin);
    const security = await api('POST', '/v2/account-management/siem', securityBody);
    assert.equal(security.status, 200, JSON.stringify(security.body));
    assert.equal(security.body.accountName, 'soc');

    const [, password, email] = /printf '%s' '([^']+)' \| npm run cli -- users set-password (\S+)/.exec(README) ?? [];
    assert.ok(password !== undefined && email === admin, 'the README sets the default admin a password');
    const set = runCli(['users', 'set-password', email], { LOGWARD_DATA_DIR: dataDir }, password);
    assert.equal(set.status, 0, set.stderr);
    assert.match(set.stdout, new RegExp(`password set for ${email.replace(/\./g, '\\.')}`));
    const signIn = await fetch(`http://127.0.0.1:${port}/v1/session/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    assert.equal(((await signIn.json()) as { signedIn: boolean }).signedIn, true);
  });
});
