import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { runCli, startService, waitFor, type RunningService } from '../support/child-process.js';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A first start compiles and opens the stores: on a loaded machine that takes far longer than on a quiet one. */
const START_MS = 120_000;

describe('the service as a process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'logward-proc-'));
  const started: RunningService[] = [];
  const start = (env: Readonly<Record<string, string>>): RunningService => {
    const service = startService(env);
    started.push(service);
    return service;
  };
  // A test that fails half-way must not leave its service running.
  after(() => {
    for (const service of started) if (service.child.exitCode === null) service.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints tokens once on the first start, serves whoami with them, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const env = {
      LOGWARD_DATA_DIR: dataDir,
      LOGWARD_API_PORT: String(port),
      LOGWARD_API_HOST: '127.0.0.1',
      LOGWARD_ROLES: 'api',
      LOGWARD_LOG_LEVEL: 'warn',
    };
    const first = start(env);
    const apiToken = await waitFor(async () => /API token\s+(\S+)/.exec(first.stdout())?.[1], START_MS, 'the printed API token');
    assert.match(first.stdout(), /shipping token\s+[A-Za-z0-9]{32}/);
    const whoami = await waitFor(
      async () => {
        const response = await fetch(`http://127.0.0.1:${port}/v2/whoami`, { headers: { 'X-API-TOKEN': apiToken } });
        return response.status === 200 ? ((await response.json()) as { accountName: string; accountId: number }) : undefined;
      },
      START_MS,
      'whoami',
    );
    assert.equal(whoami.accountName, 'main');
    const wrong = await fetch(`http://127.0.0.1:${port}/v2/whoami`, { headers: { 'X-API-TOKEN': 'not-a-token' } });
    assert.equal(wrong.status, 403);
    assert.deepEqual(await wrong.json(), { code: 403, message: 'Insufficient privileges' });

    first.child.kill('SIGTERM');
    assert.equal(await first.exited, 0, first.stderr());
    assert.ok(
      !fs.existsSync(path.join(dataDir, 'control-plane.sqlite-wal')) ||
        fs.statSync(path.join(dataDir, 'control-plane.sqlite-wal')).size === 0,
      'SQLite was closed cleanly (WAL checkpointed)',
    );

    // The CLI works offline against the same data dir.
    const cliEnv = { LOGWARD_DATA_DIR: dataDir };
    const listed = runCli(['accounts', 'list'], cliEnv);
    assert.equal(listed.status, 0, listed.stderr);
    assert.match(listed.stdout, new RegExp(`${whoami.accountId}\\s+OWNER_ACCOUNT\\s+us`));
    const created = runCli(['tokens', 'create-api', '--account', String(whoami.accountId), '--name', 'ci'], cliEnv);
    assert.equal(created.status, 0, created.stderr);
    const [, tokenId, newToken] = /API token (\d+) for account \d+ \(shown once\): (\S+)/.exec(created.stdout) ?? [];
    assert.ok(tokenId !== undefined && newToken !== undefined, created.stdout);

    // A second start prints no tokens and accepts the CLI-made token; revoking it takes effect at once.
    const second = start(env);
    await waitFor(
      async () => {
        const response = await fetch(`http://127.0.0.1:${port}/v2/whoami`, { headers: { 'X-API-TOKEN': newToken } });
        return response.status === 200 ? true : undefined;
      },
      START_MS,
      'whoami with the CLI token',
    );
    assert.doesNotMatch(second.stdout(), /API token/);
    const revoked = runCli(['tokens', 'revoke-api', tokenId], cliEnv);
    assert.equal(revoked.status, 0, revoked.stderr);
    const afterRevoke = await fetch(`http://127.0.0.1:${port}/v2/whoami`, { headers: { 'X-API-TOKEN': newToken } });
    assert.equal(afterRevoke.status, 403);
    second.child.kill('SIGTERM');
    assert.equal(await second.exited, 0, second.stderr());
  });

  it('refuses to start on an invalid setting, naming the variable', async () => {
    const service = start({ LOGWARD_DATA_DIR: dataDir, LOGWARD_API_PORT: 'eighty' });
    assert.equal(await service.exited, 2);
    assert.match(service.stderr(), /LOGWARD_API_PORT must be an integer between 0 and 65535, got "eighty"/);
  });

  it('takes the bootstrap token values from the environment for automation', async () => {
    const freshDir = fs.mkdtempSync(path.join(os.tmpdir(), 'logward-proc-'));
    try {
      const port = await freePort();
      const token = 'automation-token-0123456789';
      const service = start({
        LOGWARD_DATA_DIR: freshDir,
        LOGWARD_API_PORT: String(port),
        LOGWARD_API_HOST: '127.0.0.1',
        LOGWARD_ROLES: 'api',
        LOGWARD_BOOTSTRAP_API_TOKEN: token,
        LOGWARD_BOOTSTRAP_ADMIN_EMAIL: 'ops@example.com',
      });
      await waitFor(
        async () =>
          (await fetch(`http://127.0.0.1:${port}/v2/whoami`, { headers: { 'X-API-TOKEN': token } })).status === 200 ? true : undefined,
        START_MS,
        'whoami',
      );
      assert.match(service.stdout(), /admin user\s+ops@example.com/);
      service.child.kill('SIGTERM');
      assert.equal(await service.exited, 0);
    } finally {
      fs.rmSync(freshDir, { recursive: true, force: true });
    }
  });
});
