/**
 * The people-and-sessions isolation world (issue 46 item 4): a main account and three sub accounts, each holding
 * people with and without passwords, a suspended one, live web sessions, SSO groups and tokens; one person the main
 * account holds is a member of every account. Built over real HTTP on a Logward app listening on loopback.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import type { ControlPlaneDb } from '../../src/storage/control-plane/index.js';
import { sqliteBackend } from '../support/control-plane-backends.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

export interface WebSession {
  readonly cookie: string;
  readonly csrfToken: string;
}

/** How a request proves who it is: an API token of the account, or a signed-in admin's cookie and CSRF token. */
export type Credential = { readonly kind: 'token'; readonly token: string } | { readonly kind: 'session'; readonly session: WebSession };

export interface Person {
  readonly id: number;
  readonly email: string;
  /** Undefined for a person who never set one (an invite's best target). */
  readonly password: string | undefined;
  /** Label of the account that holds (created) the person. */
  readonly holder: string;
}

/** A person's membership of one account, with the session signed in there (none while suspended or without a password). */
export interface Membership {
  readonly person: Person;
  readonly accountId: number;
  readonly role: string;
  readonly fullName: string;
  readonly suspended: boolean;
  readonly session: WebSession | undefined;
}

export interface PeopleAccount {
  readonly label: string;
  readonly id: number;
  readonly apiToken: string;
  readonly isMain: boolean;
  /** The account's admin: an attacker signs in as this person. */
  readonly admin: Person;
  readonly memberships: readonly Membership[];
  readonly shippingTokenIds: readonly number[];
  readonly apiTokenIds: readonly number[];
}

export interface Answer {
  readonly status: number;
  readonly body: unknown;
  readonly text: string;
  readonly cookie: string | undefined;
}

export interface PeopleWorld {
  readonly app: TestApp;
  readonly db: ControlPlaneDb;
  readonly accounts: readonly PeopleAccount[];
  /**
   * Text only one account may see → that account: every membership's full name (each carries a word of its own),
   * its SSO group names and its shipping token values.
   */
  readonly secrets: ReadonlyMap<string, number>;
  send(method: string, url: string, options?: { credential?: Credential; body?: unknown; via?: number }): Promise<Answer>;
  close(): Promise<void>;
}

const CLIENT_ADDRESSES = 32;

/** Starts the app and builds the world; `close` stops everything it started. */
export async function buildPeopleWorld(): Promise<PeopleWorld> {
  const app = await startTestApp({ backend: sqliteBackend, env: { LOGWARD_BOOTSTRAP_ADMIN_EMAIL: 'admin@main.example.com' } });
  await app.listen();
  const port = (app.api.server.address() as AddressInfo).port;
  // Requests leave from several loopback addresses: the sign-in throttle keys on the client address, and the suite
  // checks rules, not the throttle.
  const agents = Array.from(
    { length: CLIENT_ADDRESSES },
    (_, i) => new Agent({ connections: 4, connect: { localAddress: `127.0.0.${i + 2}` }, headersTimeout: 60_000, bodyTimeout: 60_000 }),
  );
  let turn = 0;

  const send: PeopleWorld['send'] = async (method, url, options = {}) => {
    const headers: Record<string, string> = {};
    const credential = options.credential;
    if (credential?.kind === 'token') headers['x-api-token'] = credential.token;
    if (credential?.kind === 'session') {
      headers.cookie = credential.session.cookie;
      headers['x-csrf-token'] = credential.session.csrfToken;
    }
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const agent = agents[(options.via ?? turn++) % agents.length] as Agent;
    const response = await request(`http://127.0.0.1:${port}${url}`, {
      method: method as 'GET',
      headers,
      dispatcher: agent,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = await response.body.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: the text is the body.
    }
    const setCookie = response.headers['set-cookie'];
    const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
    return { status: response.statusCode, body, text, cookie: first?.split(';')[0] };
  };

  const ok = async (method: string, url: string, options: Parameters<typeof send>[2]): Promise<Answer> => {
    const answer = await send(method, url, options);
    if (answer.status !== 200) throw new Error(`${method} ${url} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    return answer;
  };
  const token = (value: string): Credential => ({ kind: 'token', token: value });
  const word = (): string => randomBytes(4).toString('hex');

  const setPassword = async (apiToken: string, userId: number, password: string): Promise<void> => {
    const invite = await ok('POST', '/v1/session/invites', { credential: token(apiToken), body: { userId } });
    await ok('POST', '/v1/session/invites/accept', { body: { token: (invite.body as { token: string }).token, password } });
  };
  const signIn = async (email: string, password: string, accountId: number): Promise<WebSession> => {
    const answer = await ok('POST', '/v1/session/sign-in', { body: { email, password, accountId } });
    const session = (answer.body as { session?: { csrfToken: string } }).session;
    if (session === undefined || answer.cookie === undefined) throw new Error(`no session for ${email}: ${answer.text}`);
    return { cookie: answer.cookie, csrfToken: session.csrfToken };
  };

  const main = { label: 'main', id: app.mainAccountId, apiToken: app.apiToken, isMain: true };
  const subs: { label: string; id: number; apiToken: string; isMain: boolean }[] = [];
  for (const label of ['a', 'b', 'c']) {
    const created = await ok('POST', '/v1/account-management/time-based-accounts', {
      credential: token(app.apiToken),
      body: { email: 'admin@main.example.com', accountName: `people-${label}`, retentionDays: 3, sharingObjectsAccounts: [] },
    });
    const accountId = (created.body as { accountId: number }).accountId;
    const apiToken = await ok('POST', '/v1/api-tokens/sub-account', {
      credential: token(app.apiToken),
      body: { name: `people-${label}`, accountId },
    });
    subs.push({ label, id: accountId, apiToken: (apiToken.body as { token: string }).token, isMain: false });
  }

  const names = new Map<string, number>();
  type Planned = { person: Person; accountId: number; role: string; fullName: string; suspended: boolean };
  const planned = new Map<number, Planned[]>();
  const plan = (entry: Planned): void => {
    names.set(entry.fullName, entry.accountId);
    planned.set(entry.accountId, [...(planned.get(entry.accountId) ?? []), entry]);
  };
  const admins = new Map<number, Person>();

  const bootstrapAdmin = (await ok('GET', '/v1/user-management', { credential: token(app.apiToken) })).body as {
    id: number;
    fullName: string;
  }[];
  const mainAdmin: Person = {
    id: (bootstrapAdmin[0] as { id: number }).id,
    email: 'admin@main.example.com',
    password: `main admin ${word()}`,
    holder: 'main',
  };
  await setPassword(app.apiToken, mainAdmin.id, mainAdmin.password as string);
  admins.set(main.id, mainAdmin);
  plan({ person: mainAdmin, accountId: main.id, role: 'USER_ROLE_ACCOUNT_ADMIN', fullName: 'Administrator', suspended: false });

  for (const account of [main, ...subs]) {
    // SSO groups first: replacing them ends the account's sessions, which are opened below.
    const group = `group-${account.label}-${word()}`;
    names.set(group, account.id);
    await ok('POST', '/v1/authentication/groups', {
      credential: token(account.apiToken),
      body: [{ group, userRole: 'USER_ROLE_REGULAR' }],
    });
    const kinds = [
      { kind: 'admin', role: 'USER_ROLE_ACCOUNT_ADMIN', password: true, suspended: false },
      { kind: 'regular', role: 'USER_ROLE_REGULAR', password: true, suspended: false },
      { kind: 'readonly', role: 'USER_ROLE_READONLY', password: true, suspended: false },
      { kind: 'nopassword', role: 'USER_ROLE_REGULAR', password: false, suspended: false },
      { kind: 'suspended', role: 'USER_ROLE_REGULAR', password: true, suspended: true },
    ];
    for (const k of kinds) {
      if (account.isMain && k.kind === 'admin') continue;
      const email = `${k.kind}-${account.label}@${account.label}.example.com`;
      const fullName = `Name ${account.label} ${k.kind} ${word()}`;
      const created = await ok('POST', '/v1/user-management', {
        credential: token(account.apiToken),
        body: { username: email, fullName, accountID: account.id, role: k.role },
      });
      const id = (created.body as { id: number }).id;
      const person: Person = {
        id,
        email,
        password: k.password ? `${k.kind} ${account.label} ${word()}` : undefined,
        holder: account.label,
      };
      if (person.password !== undefined) await setPassword(account.apiToken, id, person.password);
      if (k.suspended) await ok('POST', `/v1/user-management/suspend/${id}`, { credential: token(account.apiToken) });
      if (k.kind === 'admin') admins.set(account.id, person);
      plan({ person, accountId: account.id, role: k.role, fullName, suspended: k.suspended });
    }
  }

  // One person of the organisation, held by main, member of every account under a name each account chose.
  const shared: Person = { id: 0, email: 'shared@org.example.com', password: `shared ${word()}`, holder: 'main' };
  let sharedId = 0;
  for (const account of [main, ...subs]) {
    const fullName = `Name ${account.label} shared ${word()}`;
    const created = await ok('POST', '/v1/user-management', {
      credential: token(app.apiToken),
      body: { username: shared.email, fullName, accountID: account.id, role: 'USER_ROLE_REGULAR' },
    });
    sharedId = (created.body as { id: number }).id;
    plan({ person: { ...shared, id: sharedId }, accountId: account.id, role: 'USER_ROLE_REGULAR', fullName, suspended: false });
  }
  await setPassword(app.apiToken, sharedId, shared.password as string);

  const db = app.app.controlPlane.db;
  const accounts: PeopleAccount[] = [];
  for (const account of [main, ...subs]) {
    const memberships: Membership[] = [];
    for (const entry of planned.get(account.id) ?? []) {
      const person = entry.person.email === shared.email ? { ...entry.person, id: sharedId } : entry.person;
      const session =
        person.password === undefined || entry.suspended ? undefined : await signIn(person.email, person.password, account.id);
      memberships.push({ ...entry, person, session });
    }
    const shipping = await db.selectFrom('shipping_tokens').select(['id', 'token']).where('account_id', '=', account.id).execute();
    for (const row of shipping) names.set(row.token, account.id);
    const apiTokens = await db.selectFrom('api_tokens').select('id').where('account_id', '=', account.id).execute();
    const admin = admins.get(account.id);
    if (admin === undefined) throw new Error(`no admin for ${account.label}`);
    accounts.push({
      ...account,
      admin,
      memberships,
      shippingTokenIds: shipping.map((r) => r.id),
      apiTokenIds: apiTokens.map((r) => r.id),
    });
  }

  return {
    app,
    db,
    accounts,
    secrets: names,
    send,
    async close() {
      await Promise.all(agents.map((agent) => agent.close()));
      await app.close();
    },
  };
}
