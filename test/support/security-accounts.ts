import { call } from './control-plane-client.js';
import type { TestApp } from './test-app.js';

export interface TestSecurityAccount {
  readonly accountId: number;
  /** An API token of the security account, made with the main token through /v1/api-tokens/sub-account. */
  readonly apiToken: string;
}

/** Creates a security account and one API token for it, failing loudly if either call does not succeed. */
export async function createSecurityAccount(t: TestApp, body: Record<string, unknown> = {}): Promise<TestSecurityAccount> {
  const created = await call(t, 'POST', '/v2/account-management/siem', t.apiToken, {
    accountName: 'security',
    email: t.config.bootstrapAdminEmail,
    ...body,
  });
  if (created.statusCode !== 200) throw new Error(`creating a security account answered ${created.statusCode}: ${created.body}`);
  const { accountId } = created.json<{ accountId: number }>();
  const token = await call(t, 'POST', '/v1/api-tokens/sub-account', t.apiToken, { name: 'siem', accountId });
  if (token.statusCode !== 200) throw new Error(`creating an API token answered ${token.statusCode}: ${token.body}`);
  return { accountId, apiToken: token.json<{ token: string }>().token };
}

/** Disables every rule of the account (the built-in pack), so a test's own rules are all that run. */
export async function disableAllRules(t: TestApp, token: string): Promise<void> {
  const response = await call(t, 'POST', '/v2/security/rules/bulk/update', token, { all: true, fields: { enabled: false } });
  if (response.statusCode !== 200) throw new Error(`bulk disable answered ${response.statusCode}: ${response.body}`);
}
