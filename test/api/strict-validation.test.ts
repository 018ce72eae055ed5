import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { SUB_ACCOUNTS, call } from '../support/control-plane-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Issue 15, part 3: bodies are taken as typed, within real ranges, with names that print as what they are. */
const backend = controlPlaneBackends[0];
if (backend === undefined) throw new Error('no control-plane backend');
const ADMIN = 'admin@example.com';

interface ErrorBody {
  errorCode?: string;
  message: string;
  parameters: { field?: string };
}

describe('strict validation of API bodies', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ backend, env: { LOGWARD_BOOTSTRAP_ADMIN_EMAIL: ADMIN } });
  });
  after(async () => t.close());

  const account = (overrides: Record<string, unknown>) => ({
    email: ADMIN,
    accountName: 'strict',
    retentionDays: 7,
    sharingObjectsAccounts: [],
    ...overrides,
  });
  async function refused(method: 'POST' | 'PUT' | 'DELETE', url: string, body: unknown, field: string): Promise<void> {
    const response = await call(t, method, url, t.apiToken, body);
    assert.equal(response.statusCode, 400, `${url} ${JSON.stringify(body)}: ${response.body}`);
    const error = response.json<ErrorBody>();
    assert.equal(error.parameters.field, field, response.body);
    assert.ok(error.message.includes(field), response.body);
  }

  it('does not coerce types: a string refuses a boolean, a number refuses true', async () => {
    await refused('POST', SUB_ACCOUNTS, account({ accountName: true }), 'body.accountName');
    await refused('POST', SUB_ACCOUNTS, account({ maxDailyGB: true }), 'body.maxDailyGB');
    await refused('POST', SUB_ACCOUNTS, account({ retentionDays: '7' }), 'body.retentionDays');
    await refused('POST', SUB_ACCOUNTS, account({ sharingObjectsAccounts: 5 }), 'body.sharingObjectsAccounts');
    await refused('POST', '/v1/log-shipping/tokens', { name: 12 }, 'body.name');
    await refused(
      'POST',
      '/v1/user-management',
      { username: 'u@example.com', fullName: false, accountID: t.mainAccountId },
      'body.fullName',
    );
    await refused('POST', SUB_ACCOUNTS, account({ searchable: 'yes' }), 'body.searchable');
  });

  it('still takes the "true"/"false" strings the Terraform provider sends for flags', async () => {
    const created = await call(
      t,
      'POST',
      SUB_ACCOUNTS,
      t.apiToken,
      account({ accountName: 'tf-flags', searchable: 'true', accessible: 'false', isFlexible: 'false', docSizeSetting: 'true' }),
    );
    assert.equal(created.statusCode, 200, created.body);
    const { accountId } = created.json<{ accountId: number }>();
    const read = (await call(t, 'GET', `${SUB_ACCOUNTS}/${accountId}`, t.apiToken)).json<{
      searchable: unknown;
      accessible: unknown;
      docSizeSetting: unknown;
    }>();
    assert.deepEqual([read.searchable, read.accessible, read.docSizeSetting], [true, false, true]);
  });

  it('keeps numbers within real ranges', async () => {
    await refused('POST', SUB_ACCOUNTS, account({ maxDailyGB: 1e308 }), 'body.maxDailyGB');
    await refused('POST', SUB_ACCOUNTS, account({ maxDailyGB: -1 }), 'body.maxDailyGB');
    await refused('POST', SUB_ACCOUNTS, account({ softLimitGB: 1e300 }), 'body.softLimitGB');
    const hugeRetention = await call(t, 'POST', SUB_ACCOUNTS, t.apiToken, account({}));
    assert.equal(hugeRetention.statusCode, 200, hugeRetention.body);
    // 2^63 written out, as a JSON client would send it.
    const raw = await t.api.inject({
      method: 'POST',
      url: SUB_ACCOUNTS,
      headers: { 'x-api-token': t.apiToken, 'content-type': 'application/json' },
      payload: `{"email":"${ADMIN}","accountName":"big","retentionDays":9223372036854775808,"sharingObjectsAccounts":[]}`,
    });
    assert.equal(raw.statusCode, 400, raw.body);
    assert.equal(raw.json<ErrorBody>().parameters.field, 'body.retentionDays');
    await refused('POST', SUB_ACCOUNTS, account({ retentionDays: 100_000 }), 'body.retentionDays');
  });

  it('refuses control and bidi characters in names', async () => {
    for (const name of ['nul\u0000name', 'evil\u202Etxt.exe', 'line\nbreak', 'iso\u2066late']) {
      await refused('POST', SUB_ACCOUNTS, account({ accountName: name }), 'body.accountName');
      await refused('POST', '/v1/log-shipping/tokens', { name }, 'body.name');
      await refused(
        'POST',
        '/v1/user-management',
        { username: 'n@example.com', fullName: name, accountID: t.mainAccountId },
        'body.fullName',
      );
      await refused('POST', '/v1/endpoints/slack', { title: name, url: 'https://hooks.example.invalid/x' }, 'body.title');
      await refused('POST', '/v1/api-tokens/sub-account', { name, accountId: t.mainAccountId }, 'body.name');
    }
    const created = await call(t, 'POST', SUB_ACCOUNTS, t.apiToken, account({ accountName: 'Équipe données فريق' }));
    assert.equal(created.statusCode, 200, created.body);
  });

  it('refuses a custom endpoint bodyTemplate nested deeper than 32 levels (it overflowed the stack: a 500)', async () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100; i += 1) deep = { a: deep };
    const base = { title: 'deep template', url: 'https://hooks.example.invalid/deep', method: 'POST', headers: '' };
    await refused('POST', '/v1/endpoints/custom', { ...base, bodyTemplate: deep }, 'body.bodyTemplate');
    let fine: unknown = '{{alert_title}}';
    for (let i = 0; i < 10; i += 1) fine = { level: fine, list: [1, 2] };
    const created = await call(t, 'POST', '/v1/endpoints/custom', t.apiToken, { ...base, bodyTemplate: fine });
    assert.equal(created.statusCode, 200, created.body);
  });

  // Found by the long fuzz run: free-form saved-object attributes 5,000 levels deep made JSON.stringify overflow (500).
  it('refuses any JSON body nested deeper than 1,000 levels at the edge, naming the limit', async () => {
    const deep = '{"must":['.repeat(2_500) + '1' + ']}'.repeat(2_500);
    for (const [url, body] of [
      ['/v1/saved-objects/search', `{"id":"deep","attributes":{"title":"deep","extra":${deep}}}`],
      ['/v1/search', `{"query":{"match_all":{}},"aggs":${deep}}`],
    ] as const) {
      const response = await t.api.inject({
        method: 'POST',
        url,
        headers: { 'x-api-token': t.apiToken, 'content-type': 'application/json' },
        payload: body,
      });
      assert.equal(response.statusCode, 400, `${url}: ${response.body}`);
      assert.match(response.json<ErrorBody>().message, /nested deeper than 1000 levels/);
    }
  });

  it('keeps an active admin in the main account: its last one cannot be deleted, suspended or demoted', async () => {
    const USERS = '/v1/user-management';
    const users = (await call(t, 'GET', USERS, t.apiToken)).json<{ id: number; username: string; role: string }[]>();
    const admin = users.find((user) => user.username === ADMIN);
    assert.ok(admin, JSON.stringify(users));
    const deleted = await call(t, 'DELETE', `${USERS}/${admin.id}`, t.apiToken);
    assert.equal(deleted.statusCode, 400, deleted.body);
    assert.equal(deleted.json<ErrorBody>().errorCode, 'user-management/UNAUTHORIZED_TO_DELETE_USER');
    assert.equal((await call(t, 'POST', `${USERS}/suspend/${admin.id}`, t.apiToken)).statusCode, 400);
    await refused(
      'PUT',
      `${USERS}/${admin.id}`,
      { username: ADMIN, fullName: 'Admin', accountID: t.mainAccountId, role: 'USER_ROLE_REGULAR' },
      'body.role',
    );
    const recursive = await call(t, 'DELETE', `${USERS}/${admin.id}/recursive`, t.apiToken);
    assert.equal(recursive.statusCode, 200, recursive.body);
    assert.match(recursive.json<{ message: string }>().message, new RegExp(`Skipped accounts.*${t.mainAccountId}`));
    // Still able to create a sub account: the admin is there.
    assert.equal((await call(t, 'POST', SUB_ACCOUNTS, t.apiToken, account({ accountName: 'after-admin-checks' }))).statusCode, 200);

    // With a second active admin the first may go.
    const second = await call(t, 'POST', USERS, t.apiToken, {
      username: 'second@example.com',
      fullName: 'Second',
      accountID: t.mainAccountId,
      role: 'USER_ROLE_ACCOUNT_ADMIN',
    });
    assert.equal(second.statusCode, 200, second.body);
    assert.equal((await call(t, 'POST', `${USERS}/suspend/${admin.id}`, t.apiToken)).statusCode, 200);
    assert.equal(
      (await call(t, 'DELETE', `${USERS}/${second.json<{ id: number }>().id}`, t.apiToken)).statusCode,
      400,
      'now the second is the last active admin',
    );
  });

  it('refuses a second notification endpoint with the same title and a second shipping token with the same name', async () => {
    const first = await call(t, 'POST', '/v1/endpoints/slack', t.apiToken, { title: 'on-call', url: 'https://hooks.example.invalid/1' });
    assert.equal(first.statusCode, 200, first.body);
    await refused(
      'POST',
      '/v1/endpoints/custom',
      { title: 'on-call', url: 'https://hooks.example.invalid/2', method: 'POST', headers: '' },
      'body.title',
    );
    const other = await call(t, 'POST', '/v1/endpoints/slack', t.apiToken, { title: 'other', url: 'https://hooks.example.invalid/3' });
    await refused(
      'PUT',
      `/v1/endpoints/slack/${other.json<{ id: number }>().id}`,
      { title: 'on-call', url: 'https://hooks.example.invalid/3' },
      'body.title',
    );
    const same = await call(t, 'PUT', `/v1/endpoints/slack/${first.json<{ id: number }>().id}`, t.apiToken, {
      title: 'on-call',
      url: 'https://hooks.example.invalid/4',
    });
    assert.equal(same.statusCode, 200, 'an endpoint keeps its own title');

    const token = await call(t, 'POST', '/v1/log-shipping/tokens', t.apiToken, { name: 'shipper' });
    assert.equal(token.statusCode, 201, token.body);
    await refused('POST', '/v1/log-shipping/tokens', { name: 'shipper' }, 'body.name');
  });

  it('takes Quartz cron schedules and refuses fieldToAggregateOn where nothing is aggregated on a field', async () => {
    const sub = {
      queryDefinition: { aggregation: { aggregationType: 'COUNT' } },
      trigger: { operator: 'GREATER_THAN', severityThresholdTiers: { LOW: 1 } },
    };
    for (const cronExpression of ['0 0/5 9-17 ? * * *', '0 0/5 * * * ?', '0 15 10 ? * MON-FRI']) {
      const created = await call(t, 'POST', '/v2/alerts', t.apiToken, {
        title: `cron ${cronExpression}`,
        subComponents: [sub],
        schedule: { cronExpression },
      });
      assert.equal(created.statusCode, 200, `${cronExpression}: ${created.body}`);
    }
    for (const aggregationType of ['NONE', 'COUNT']) {
      const bad = { ...sub, queryDefinition: { aggregation: { aggregationType, fieldToAggregateOn: 'bytes' } } };
      await refused(
        'POST',
        '/v2/alerts',
        { title: `agg ${aggregationType}`, subComponents: [bad] },
        'body.subComponents.0.queryDefinition.aggregation.fieldToAggregateOn',
      );
    }
  });
});
