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

let created = 0;

/** Creates a sub account and an API token for it, failing loudly if either call does not succeed. */
export async function createSubAccount(t: TestApp, overrides: Record<string, unknown> = {}): Promise<CreatedSubAccount> {
  created += 1;
  const body = {
    email: t.config.bootstrapAdminEmail,
    accountName: `sub ${created}`,
    retentionDays: 3,
    sharingObjectsAccounts: [],
    ...overrides,
  };
  const response = await call(t, 'POST', SUB_ACCOUNTS, t.apiToken, body);
  if (response.statusCode !== 200) throw new Error(`creating a sub account answered ${response.statusCode}: ${response.body}`);
  const { accountId, accountToken } = response.json<{ accountId: number; accountToken: string }>();
  const token = await call(t, 'POST', '/v1/api-tokens/sub-account', t.apiToken, { name: 'test', accountId });
  if (token.statusCode !== 200) throw new Error(`creating an API token answered ${token.statusCode}: ${token.body}`);
  return { accountId, accountToken, apiToken: token.json<{ token: string }>().token };
}
