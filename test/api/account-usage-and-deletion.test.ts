import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sqliteBackend } from '../support/control-plane-backends.js';
import { waitFor } from '../support/child-process.js';
import { openLogReader } from '../support/log-reader.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface DetailedAccount {
  readonly account: { readonly accountToken: string };
  readonly dailyUsagesList: { readonly usage: readonly { readonly date: number; readonly bytes: number }[] };
}

describe('sub accounts and their logs', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ backend: sqliteBackend, env: { LOGWARD_BOOTSTRAP_ADMIN_EMAIL: 'admin@example.com' } });
  });
  after(async () => t.close());
  const headers = () => ({ 'x-api-token': t.apiToken });

  it('lists the bytes an account really shipped today in dailyUsagesList, and deleting it deletes its logs', async () => {
    const created = await t.api.inject({
      method: 'POST',
      url: '/v1/account-management/time-based-accounts',
      headers: headers(),
      payload: { email: 'admin@example.com', accountName: 'shipper', retentionDays: 3, maxDailyGB: 1, sharingObjectsAccounts: [] },
    });
    assert.equal(created.statusCode, 200, created.body);
    const { accountId, accountToken } = created.json<{ accountId: number; accountToken: string }>();

    const lines = ['{"message":"first log","level":"info"}', '{"message":"second log","level":"warn"}'];
    const body = lines.join('\n');
    const shipped = await t.listener.inject({
      method: 'POST',
      url: `/?token=${accountToken}&type=app`,
      payload: body,
      headers: { 'content-type': 'text/plain' },
    });
    assert.equal(shipped.statusCode, 200, shipped.body);

    const usage = await waitFor(
      async () => {
        const detailed = (
          await t.api.inject({ method: 'GET', url: `/v1/account-management/time-based-accounts/detailed/${accountId}`, headers: headers() })
        ).json<DetailedAccount>();
        const today = detailed.dailyUsagesList.usage.find((day) => day.bytes > 0);
        return today;
      },
      10_000,
      'usage of the shipped logs',
    );
    assert.equal(usage.date % 86_400_000, 0, 'a usage date is the start of a UTC day');
    assert.ok(
      usage.bytes >= Buffer.byteLength(lines[0] ?? '') + Buffer.byteLength(lines[1] ?? ''),
      `usage ${usage.bytes} counts the shipped bytes`,
    );

    const reader = openLogReader(t.config);
    try {
      assert.equal((await reader.logs(accountId)).length, 2);
      const deleted = await t.api.inject({
        method: 'DELETE',
        url: `/v1/account-management/time-based-accounts/${accountId}`,
        headers: headers(),
      });
      assert.equal(deleted.statusCode, 204);
      assert.equal((await reader.logs(accountId)).length, 0, 'the deleted account has no logs left');
      assert.equal((await reader.logs(t.mainAccountId)).length, 0, 'other accounts are untouched (none shipped here)');
    } finally {
      reader.close();
    }
  });
});
