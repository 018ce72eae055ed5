import type { LightMyRequestResponse } from 'fastify';
import { call } from './control-plane-client.js';
import type { TestApp } from './test-app.js';

export const WEB_PASSWORD = 'correct horse battery staple';

/** Gives an existing user a web UI password the way an admin does: an invite link, accepted. */
export async function setPasswordByInvite(t: TestApp, userId: number, password = WEB_PASSWORD, token = t.apiToken): Promise<void> {
  const invite = await call(t, 'POST', '/v1/session/invites', token, { userId });
  if (invite.statusCode !== 200) throw new Error(`invite answered ${invite.statusCode}: ${invite.body}`);
  const accepted = await t.api.inject({
    method: 'POST',
    url: '/v1/session/invites/accept',
    payload: { token: invite.json<{ token: string }>().token, password },
  });
  if (accepted.statusCode !== 200) throw new Error(`accepting answered ${accepted.statusCode}: ${accepted.body}`);
}

/** Creates a user of the caller's account with a role and a web UI password; answers its id. */
export async function createWebUser(t: TestApp, username: string, role: string, accountID = t.mainAccountId): Promise<number> {
  const created = await call(t, 'POST', '/v1/user-management', t.apiToken, { username, fullName: username, accountID, role });
  if (created.statusCode !== 200) throw new Error(`creating a user answered ${created.statusCode}: ${created.body}`);
  const id = created.json<{ id: number }>().id;
  await setPasswordByInvite(t, id);
  return id;
}

/** The id of the bootstrap admin (the first user of the main account). */
export async function adminUserId(t: TestApp): Promise<number> {
  const users = await call(t, 'GET', '/v1/user-management', t.apiToken);
  const [first] = users.json<{ id: number }[]>();
  if (first === undefined) throw new Error('no users');
  return first.id;
}

export interface WebSession {
  readonly cookie: string;
  readonly csrfToken: string;
}

/** Signs in over HTTP and answers the cookie and CSRF token (fails unless signed in). */
export async function signIn(t: TestApp, email: string, password = WEB_PASSWORD, accountId?: number): Promise<WebSession> {
  const response = await t.api.inject({ method: 'POST', url: '/v1/session/sign-in', payload: { email, password, accountId } });
  const body = response.json<{ signedIn: boolean; session?: { csrfToken: string } }>();
  if (!body.signedIn || body.session === undefined) throw new Error(`sign-in answered ${response.statusCode}: ${response.body}`);
  return { cookie: cookieOf(response), csrfToken: body.session.csrfToken };
}

export function cookieOf(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const first = Array.isArray(header) ? header[0] : header;
  if (first === undefined) throw new Error('no cookie set');
  return first.split(';')[0] ?? '';
}
