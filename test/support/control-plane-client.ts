import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One API call over Fastify's inject, as the Terraform client makes it (token + JSON content type). */
export function call(t: TestApp, method: Method, url: string, token: string, payload?: unknown): Promise<LightMyRequestResponse> {
  return t.api.inject({
    method,
    url,
    headers: { 'x-api-token': token, 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

export const SUB_ACCOUNTS = '/v1/account-management/time-based-accounts';

export interface CreatedSubAccount {
  readonly accountId: number;
  readonly accountToken: string;
  /** An API token of the sub account, made with the main token. */
  readonly apiToken: string;
}

/** Creates a sub account and an API token for it, failing loudly if either call does not succeed. */
export async function createSubAccount(t: TestApp, overrides: Record<string, unknown> = {}): Promise<CreatedSubAccount> {
  const body = { email: t.config.bootstrapAdminEmail, accountName: `sub ${Math.random().toString(36).slice(2, 8)}`, retentionDays: 3, sharingObjectsAccounts: [], ...overrides };
  const created = await call(t, 'POST', SUB_ACCOUNTS, t.apiToken, body);
  if (created.statusCode !== 200) throw new Error(`creating a sub account answered ${created.statusCode}: ${created.body}`);
  const { accountId, accountToken } = created.json<{ accountId: number; accountToken: string }>();
  const token = await call(t, 'POST', '/v1/api-tokens/sub-account', t.apiToken, { name: 'test', accountId });
  if (token.statusCode !== 200) throw new Error(`creating an API token answered ${token.statusCode}: ${token.body}`);
  return { accountId, accountToken, apiToken: token.json<{ token: string }>().token };
}
