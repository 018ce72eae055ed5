/**
 * The attacks of the people-and-sessions isolation run (run-people-isolation.ts): each picks a victim membership of
 * another account and tries to reach it with the attacker's API token or its admin's session, recording a finding
 * when an answer does what the user rules (docs/users-and-accounts.md) forbid.
 */
import type { SeededRandom } from '../support/seeded-random.js';
import type { Answer, Credential, Membership, PeopleAccount, PeopleWorld, WebSession } from './people-world.js';

const ROLES = ['USER_ROLE_READONLY', 'USER_ROLE_REGULAR', 'USER_ROLE_ACCOUNT_ADMIN', 'USER_ROLE_ADMIN'];
const USERS = '/v1/user-management';

/** The shared state of one chunk: the attacker, its victims, and what it made in its own account. */
export interface Chunk {
  readonly world: PeopleWorld;
  readonly attacker: PeopleAccount;
  readonly victims: readonly Membership[];
  /** Ids of every person the attacker's account does not hold (so may never be handed back, invited or signed in as). */
  readonly foreignIds: ReadonlySet<number>;
  /** People the attacker made in its own account with a victim's e-mail → id and the password set on it. */
  readonly copies: Map<string, { id: number; password: string | undefined }>;
  session(): Promise<WebSession>;
  /** Runs `work` after every earlier work of the same key has finished. */
  exclusively(key: string, work: () => Promise<void>): Promise<void>;
  sessionEnded(): void;
  sent(answer: Answer): Answer;
  finding(op: string, what: string, request?: string, excerpt?: string): void;
  own(op: string): void;
}

export interface Op {
  readonly name: string;
  readonly weight: number;
  run(chunk: Chunk, rand: SeededRandom): Promise<void>;
}

async function credentialOf(chunk: Chunk, rand: SeededRandom): Promise<Credential> {
  return rand.chance(0.5) ? { kind: 'token', token: chunk.attacker.apiToken } : { kind: 'session', session: await chunk.session() };
}

/** Sends with the attacker's credential and checks the answer for another account's secrets. */
async function attack(chunk: Chunk, rand: SeededRandom, op: string, method: string, url: string, body?: unknown): Promise<Answer> {
  const credential = await credentialOf(chunk, rand);
  const answer = chunk.sent(await chunk.world.send(method, url, { credential, ...(body === undefined ? {} : { body }) }));
  if (credential.kind === 'session' && answer.status === 401) chunk.sessionEnded();
  leakCheck(chunk, op, `${method} ${url} ${JSON.stringify(body ?? null)}`, answer);
  return answer;
}

function leakCheck(chunk: Chunk, op: string, request: string, answer: Answer): void {
  for (const [secret, accountId] of chunk.world.secrets) {
    if (accountId !== chunk.attacker.id && answer.text.includes(secret) && !request.includes(secret)) {
      chunk.finding(op, `answer shows text of account ${accountId}`, request, answer.text.slice(0, 300));
    }
  }
}

const word = (rand: SeededRandom): string => rand.bytes(4).toString('hex');
const accountQuery = (rand: SeededRandom, chunk: Chunk, victim: Membership): string =>
  rand.pick(['', `?accountId=${victim.accountId}`, `?accountId=${chunk.attacker.id}`]);

/** A copy of the victim's e-mail in the attacker's account (made once): the attacker's own person. */
async function copyOf(
  chunk: Chunk,
  rand: SeededRandom,
  victim: Membership,
): Promise<{ id: number; password: string | undefined } | undefined> {
  const known = chunk.copies.get(victim.person.email);
  if (known !== undefined) return known;
  const answer = await attack(chunk, rand, 'create-user', 'POST', USERS, {
    username: victim.person.email,
    fullName: `copy ${word(rand)}`,
    accountID: chunk.attacker.id,
    role: 'USER_ROLE_READONLY',
  });
  if (answer.status !== 200) return undefined;
  const id = (answer.body as { id: number }).id;
  if (chunk.foreignIds.has(id)) chunk.finding('create-user', `handed back the id of another account's person ${id}`);
  const copy = { id, password: undefined };
  chunk.copies.set(victim.person.email, copy);
  chunk.own('create-user');
  return copy;
}

/** Creates (once) the attacker's copy of the victim's e-mail, sets its password by invite, signs in with it. */
async function takeover(chunk: Chunk, rand: SeededRandom, victim: Membership): Promise<void> {
  const copy = await copyOf(chunk, rand, victim);
  if (copy === undefined) return;
  const invite = await attack(chunk, rand, 'takeover', 'POST', '/v1/session/invites', { userId: copy.id });
  if (invite.status !== 200) return;
  const password = `attacker ${word(rand)}`;
  const accept = chunk.sent(
    await chunk.world.send('POST', '/v1/session/invites/accept', {
      body: {
        token: (invite.body as { token: string }).token,
        password,
        ...(copy.password === undefined ? {} : { currentPassword: copy.password }),
      },
    }),
  );
  if (accept.status !== 200) return;
  copy.password = password;
  chunk.own('takeover');
  const accountId = rand.pick([victim.accountId, chunk.attacker.id, undefined]);
  const request = { email: victim.person.email, password, ...(accountId === undefined ? {} : { accountId }) };
  const signIn = chunk.sent(await chunk.world.send('POST', '/v1/session/sign-in', { body: request }));
  leakCheck(chunk, 'takeover', JSON.stringify(request), signIn);
  const body = signIn.body as { session?: { accountId: number }; accounts?: { accountId: number }[] };
  const reached = [body.session?.accountId, ...(body.accounts ?? []).map((a) => a.accountId)].filter((id) => id !== undefined);
  const foreign = reached.filter((id) => id !== chunk.attacker.id);
  if (foreign.length > 0) chunk.finding('takeover', `signed in (or offered) accounts ${foreign.join(', ')}`, JSON.stringify(request));
}

export const OPS: readonly Op[] = [
  {
    name: 'create-user',
    weight: 3,
    async run(chunk, rand) {
      const victim = rand.pick(chunk.victims);
      const accountID = rand.pick([chunk.attacker.id, victim.accountId]);
      const body = { username: victim.person.email, fullName: `pwn ${word(rand)}`, accountID, role: rand.pick(ROLES) };
      const answer = await attack(chunk, rand, 'create-user', 'POST', USERS, body);
      if (answer.status !== 200) return;
      const id = (answer.body as { id: number }).id;
      if (chunk.foreignIds.has(id))
        chunk.finding('create-user', `handed back the id of another account's person ${id}`, JSON.stringify(body));
      if (accountID !== chunk.attacker.id) chunk.finding('create-user', `created a user in account ${accountID}`, JSON.stringify(body));
      else {
        chunk.copies.set(victim.person.email, { id, password: undefined });
        chunk.own('create-user');
      }
    },
  },
  {
    name: 'update-user',
    weight: 3,
    async run(chunk, rand) {
      const victim = rand.pick(chunk.victims);
      const copy = chunk.copies.get(victim.person.email);
      const id = copy !== undefined && rand.chance(0.3) ? copy.id : victim.person.id;
      const body = {
        username: victim.person.email,
        fullName: `pwn ${word(rand)}`,
        accountID: rand.pick([chunk.attacker.id, victim.accountId]),
        role: rand.pick(ROLES),
      };
      const answer = await attack(chunk, rand, 'update-user', 'PUT', `${USERS}/${id}`, body);
      if (answer.status === 200) chunk.own('update-user');
    },
  },
  {
    name: 'delete-user',
    weight: 2,
    async run(chunk, rand) {
      const victim = rand.pick(chunk.victims);
      const answer = await attack(chunk, rand, 'delete-user', 'DELETE', `${USERS}/${victim.person.id}${accountQuery(rand, chunk, victim)}`);
      if (answer.status === 200) chunk.own('delete-user');
    },
  },
  {
    name: 'suspend-user',
    weight: 3,
    async run(chunk, rand) {
      const victim = rand.pick(chunk.victims);
      const action = rand.pick(['suspend', 'unsuspend']);
      const url = `${USERS}/${action}/${victim.person.id}${accountQuery(rand, chunk, victim)}`;
      const answer = await attack(chunk, rand, 'suspend-user', 'POST', url);
      if (answer.status === 200) chunk.own('suspend-user');
    },
  },
  {
    name: 'recursive',
    weight: 2,
    async run(chunk, rand) {
      const victim = rand.pick(chunk.victims);
      const [method, suffix] = rand.pick([
        ['DELETE', 'recursive'],
        ['PUT', 'suspend/recursive'],
        ['PUT', 'unsuspend/recursive'],
      ] as const);
      const answer = await attack(chunk, rand, 'recursive', method, `${USERS}/${victim.person.id}/${suffix}`);
      if (answer.status === 200) chunk.finding('recursive', `a sub account's ${method} ${suffix} answered 200`, undefined, answer.text);
    },
  },
  {
    name: 'read-users',
    weight: 2,
    async run(chunk, rand) {
      const victim = rand.pick(chunk.victims);
      const url = rand.pick([
        `${USERS}/${victim.person.id}${accountQuery(rand, chunk, victim)}`,
        `${USERS}?accountId=${victim.accountId}`,
        `${USERS}/recursive`,
        USERS,
      ]);
      const answer = await attack(chunk, rand, 'read-users', 'GET', url);
      if (answer.status === 200) chunk.own('read-users');
    },
  },
  {
    name: 'invite',
    weight: 3,
    async run(chunk, rand) {
      const victim = rand.pick(chunk.victims);
      const answer = await attack(chunk, rand, 'invite', 'POST', '/v1/session/invites', { userId: victim.person.id });
      if (answer.status !== 200) return;
      chunk.finding('invite', `invited person ${victim.person.id} of account ${victim.accountId}`);
      const accept = chunk.sent(
        await chunk.world.send('POST', '/v1/session/invites/accept', {
          body: {
            token: (answer.body as { token: string }).token,
            password: `attacker ${word(rand)}`,
            ...(rand.chance(0.5) ? { currentPassword: `guess ${word(rand)}` } : {}),
          },
        }),
      );
      if (accept.status === 200) chunk.finding('invite', `set the password of person ${victim.person.id}`);
    },
  },
  {
    name: 'takeover',
    weight: 4,
    async run(chunk, rand) {
      // The path: the victim's e-mail made a user of the attacker's account, invited, signed in elsewhere.
      // One copy at a time: a password changed by a parallel takeover would make this sign-in a failed one.
      const victim = rand.pick(chunk.victims);
      await chunk.exclusively(victim.person.email, () => takeover(chunk, rand, victim));
    },
  },
  {
    name: 'sign-in-elsewhere',
    weight: 2,
    async run(chunk, rand) {
      const victim = rand.pick(chunk.victims);
      const admin = chunk.attacker.admin;
      const request = { email: admin.email, password: admin.password, accountId: victim.accountId };
      const answer = chunk.sent(await chunk.world.send('POST', '/v1/session/sign-in', { body: request }));
      if (answer.status === 200) chunk.finding('sign-in-elsewhere', `the attacker's admin signed in to account ${victim.accountId}`);
    },
  },
  {
    name: 'switch-account',
    weight: 2,
    async run(chunk, rand) {
      const victim = rand.pick(chunk.victims);
      const session = await chunk.session();
      const answer = chunk.sent(
        await chunk.world.send('POST', '/v1/session/account', {
          credential: { kind: 'session', session },
          body: { accountId: victim.accountId },
        }),
      );
      if (answer.status === 401) chunk.sessionEnded();
      leakCheck(chunk, 'switch-account', String(victim.accountId), answer);
      if (answer.status === 200) chunk.finding('switch-account', `switched a session to account ${victim.accountId}`);
    },
  },
  {
    name: 'auth-groups',
    weight: 1,
    async run(chunk, rand) {
      const victim = rand.pick(chunk.victims);
      if (rand.chance(0.5)) {
        await attack(chunk, rand, 'auth-groups', 'GET', `/v1/authentication/groups?accountId=${victim.accountId}`);
        return;
      }
      const body = [{ group: `pwn-${word(rand)}`, userRole: rand.pick(ROLES) }];
      const answer = await attack(chunk, rand, 'auth-groups', 'POST', `/v1/authentication/groups?accountId=${victim.accountId}`, body);
      // Replacing the attacker's own groups ends its own sessions: the admin signs in again.
      if (answer.status === 200) {
        chunk.own('auth-groups');
        chunk.sessionEnded();
      }
    },
  },
  {
    name: 'api-tokens',
    weight: 1,
    async run(chunk, rand) {
      const victim = rand.pick(chunk.victims);
      const answer = await attack(chunk, rand, 'api-tokens', 'POST', '/v1/api-tokens/sub-account', {
        name: `pwn-${word(rand)}`,
        accountId: victim.accountId,
      });
      if (answer.status === 200) chunk.finding('api-tokens', `made an API token for account ${victim.accountId}`);
    },
  },
  {
    name: 'shipping-tokens',
    weight: 2,
    async run(chunk, rand) {
      const victimAccountId = rand.pick(chunk.victims).accountId;
      const owner = chunk.world.accounts.find((a) => a.id === victimAccountId) as PeopleAccount;
      const id = rand.pick(owner.shippingTokenIds);
      const base = '/v1/log-shipping/tokens';
      const [method, url, body] = rand.pick([
        ['GET', `${base}/${id}`, undefined],
        ['PUT', `${base}/${id}`, { name: `pwn-${word(rand)}`, enabled: false }],
        ['DELETE', `${base}/${id}`, undefined],
        ['POST', `${base}?accountId=${owner.id}`, { name: `pwn-${word(rand)}` }],
        ['POST', `${base}/search?accountId=${owner.id}`, {}],
      ] as const);
      const answer = await attack(chunk, rand, 'shipping-tokens', method, url, body);
      if (answer.status === 200 && (method === 'PUT' || method === 'DELETE' || method === 'GET')) {
        chunk.finding('shipping-tokens', `${method} of account ${owner.id}'s token ${id} answered 200`, undefined, answer.text);
      }
      if (answer.status === 200 && method === 'POST') chunk.own('shipping-tokens');
    },
  },
];

export const WEIGHTED: readonly Op[] = OPS.flatMap((op) => Array.from({ length: op.weight }, () => op));
