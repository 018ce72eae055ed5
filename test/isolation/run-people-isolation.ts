/**
 * Randomized cross-account requests over people and sessions (issue 46 item 4). Each chunk picks one sub account as
 * the attacker and drives user management (create, update, delete, suspend, the recursive forms), invites, sign-in
 * with `accountId`, account switching, SSO groups, API and shipping tokens with its API token and with its admin's
 * session, aimed at the main account's and the other sub accounts' people. Then it compares the other accounts'
 * state with the state before the chunk — memberships, names, people, passwords, sessions, invites, groups, tokens —
 * and checks their sessions still answer over HTTP. Any difference is an effect across accounts.
 */
import type { ControlPlaneDb } from '../../src/storage/control-plane/index.js';
import { seededRandom } from '../support/seeded-random.js';
import { OPS, WEIGHTED, type Chunk } from './people-attacks.js';
import type { PeopleAccount, PeopleWorld, WebSession } from './people-world.js';

export interface Finding {
  readonly op: string;
  readonly attacker: string;
  readonly what: string;
  readonly request?: string;
  readonly excerpt?: string;
}

export interface PeopleReport {
  /** Attack requests sent (the checks between chunks are not counted). */
  readonly requests: number;
  readonly chunks: number;
  readonly statuses: Record<string, number>;
  /** Per operation: attempts, and the answers that did something legitimate in the attacker's own account. */
  readonly perOp: Record<string, { attempts: number; ownEffects: number }>;
  readonly findings: readonly Finding[];
  readonly serverErrors: number;
  readonly durationMs: number;
}

/** Everything of these accounts a request of another account could change. */
async function snapshot(db: ControlPlaneDb, accountIds: readonly number[]): Promise<Record<string, unknown>> {
  const ids = [...accountIds];
  const memberships = await db
    .selectFrom('account_users')
    .select(['account_id', 'user_id', 'role', 'full_name', 'suspended', 'created_at'])
    .where('account_id', 'in', ids)
    .orderBy('account_id')
    .orderBy('user_id')
    .execute();
  const memberIds = [...new Set(memberships.map((m) => m.user_id)), -1];
  const people = await db
    .selectFrom('users')
    .select(['id', 'username', 'full_name', 'holder_account_id', 'updated_at'])
    .where((eb) => eb.or([eb('holder_account_id', 'in', ids), eb('id', 'in', memberIds)]))
    .orderBy('id')
    .execute();
  const personIds = [...people.map((p) => p.id), -1];
  return {
    memberships,
    people,
    passwords: await db
      .selectFrom('user_passwords')
      .select(['user_id', 'password_hash', 'updated_at'])
      .where('user_id', 'in', personIds)
      .orderBy('user_id')
      .execute(),
    sessions: await db
      .selectFrom('web_sessions')
      .select(['id_hash', 'user_id', 'account_id', 'csrf_token', 'created_at', 'expires_at'])
      .where('account_id', 'in', ids)
      .orderBy('id_hash')
      .execute(),
    invites: await db.selectFrom('user_invites').selectAll().where('account_id', 'in', ids).orderBy('token_hash').execute(),
    groups: await db
      .selectFrom('authentication_groups')
      .selectAll()
      .where('account_id', 'in', ids)
      .orderBy('account_id')
      .orderBy('position')
      .execute(),
    revocations: await db.selectFrom('session_revocations').selectAll().where('account_id', 'in', ids).orderBy('id').execute(),
    apiTokens: await db
      .selectFrom('api_tokens')
      .select(['id', 'account_id', 'name', 'token_hash'])
      .where('account_id', 'in', ids)
      .orderBy('id')
      .execute(),
    shippingTokens: await db
      .selectFrom('shipping_tokens')
      .select(['id', 'account_id', 'name', 'token', 'enabled', 'updated_at'])
      .where('account_id', 'in', ids)
      .orderBy('id')
      .execute(),
    accounts: await db
      .selectFrom('accounts')
      .select(['id', 'name', 'email', 'active', 'settings', 'updated_at'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute(),
  };
}

function differences(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys(before)
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => `${key}: before ${JSON.stringify(before[key]).slice(0, 400)} after ${JSON.stringify(after[key]).slice(0, 400)}`);
}

/** GET /v1/session for every session of the world in these accounts: which answer as their person and account. */
async function liveSessions(world: PeopleWorld, accountIds: readonly number[]): Promise<Set<string>> {
  const live = new Set<string>();
  for (const account of world.accounts.filter((a) => accountIds.includes(a.id))) {
    for (const membership of account.memberships) {
      if (membership.session === undefined) continue;
      const answer = await world.send('GET', '/v1/session', { credential: { kind: 'session', session: membership.session } });
      const body = answer.body as { userId?: number; accountId?: number };
      if (answer.status === 200 && body.userId === membership.person.id && body.accountId === account.id) {
        live.add(`${account.id}:${membership.person.id}`);
      }
    }
  }
  return live;
}

export async function runPeopleIsolation(
  world: PeopleWorld,
  options: { seed: number; requests: number; concurrency: number; chunkRequests?: number; onProgress?: (done: number) => void },
): Promise<PeopleReport> {
  const started = Date.now();
  const chunkRequests = options.chunkRequests ?? 500;
  const statuses: Record<string, number> = {};
  const perOp: Record<string, { attempts: number; ownEffects: number }> = Object.fromEntries(
    OPS.map((op) => [op.name, { attempts: 0, ownEffects: 0 }]),
  );
  const findings: Finding[] = [];
  let requests = 0;
  let serverErrors = 0;
  let chunks = 0;
  const attackers = world.accounts.filter((a) => !a.isMain);
  const copiesByAttacker = new Map<number, Map<string, { id: number; password: string | undefined }>>();

  while (requests < options.requests) {
    const attacker = attackers[chunks % attackers.length] as PeopleAccount;
    const victimIds = world.accounts.filter((a) => a.id !== attacker.id).map((a) => a.id);
    const victims = world.accounts.filter((a) => a.id !== attacker.id).flatMap((a) => a.memberships);
    const held = await world.db.selectFrom('users').select('id').where('holder_account_id', '=', attacker.id).execute();
    const heldIds = new Set(held.map((r) => r.id));
    const foreignIds = new Set(victims.map((m) => m.person.id).filter((id) => !heldIds.has(id)));
    const membersBefore = new Set(
      (await world.db.selectFrom('account_users').select('user_id').where('account_id', '=', attacker.id).execute()).map((r) => r.user_id),
    );
    const startedAt = Date.now();
    const before = await snapshot(world.db, victimIds);
    const liveBefore = await liveSessions(world, victimIds);

    let session: Promise<WebSession> | undefined;
    const admin = attacker.admin;
    const copies = copiesByAttacker.get(attacker.id) ?? new Map<string, { id: number; password: string | undefined }>();
    copiesByAttacker.set(attacker.id, copies);
    const attackerLabel = attacker.label;
    const locks = new Map<string, Promise<void>>();
    const chunk: Chunk = {
      world,
      attacker,
      victims,
      foreignIds,
      copies,
      session: () =>
        (session ??= world
          .send('POST', '/v1/session/sign-in', { body: { email: admin.email, password: admin.password, accountId: attacker.id } })
          .then((answer) => {
            const body = answer.body as { session?: { csrfToken: string } };
            if (body.session === undefined || answer.cookie === undefined) throw new Error(`attacker sign-in: ${answer.text}`);
            return { cookie: answer.cookie, csrfToken: body.session.csrfToken };
          })),
      exclusively: (key, work) => {
        const run = (locks.get(key) ?? Promise.resolve()).then(work);
        locks.set(
          key,
          run.catch(() => undefined),
        );
        return run;
      },
      sessionEnded: () => {
        session = undefined;
      },
      sent: (answer) => {
        requests += 1;
        statuses[String(answer.status)] = (statuses[String(answer.status)] ?? 0) + 1;
        if (answer.status >= 500) serverErrors += 1;
        return answer;
      },
      finding: (op, what, request, excerpt) => findings.push({ op, attacker: attackerLabel, what, request, excerpt }),
      own: (op) => {
        const entry = perOp[op];
        if (entry !== undefined) entry.ownEffects += 1;
      },
    };

    const budget = Math.min(options.requests, requests + chunkRequests);
    let opIndex = 0;
    const worker = async (): Promise<void> => {
      while (requests < budget) {
        const index = chunks * 1_000_000 + opIndex++;
        const rand = seededRandom((options.seed * 1_000_003 + index) >>> 0);
        const op = rand.pick(WEIGHTED);
        const entry = perOp[op.name];
        if (entry !== undefined) entry.attempts += 1;
        await op.run(chunk, rand);
        options.onProgress?.(requests);
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, worker));

    const after = await snapshot(world.db, victimIds);
    for (const difference of differences(before, after)) {
      findings.push({ op: 'chunk', attacker: attackerLabel, what: `another account's state changed: ${difference}` });
    }
    const liveAfter = await liveSessions(world, victimIds);
    for (const key of liveBefore) {
      if (!liveAfter.has(key)) findings.push({ op: 'chunk', attacker: attackerLabel, what: `session ${key} ended` });
    }
    // The attacker's account may only have gained members it holds, and invited only people it holds.
    const members = await world.db.selectFrom('account_users').select('user_id').where('account_id', '=', attacker.id).execute();
    for (const { user_id: userId } of members) {
      const person = await world.db.selectFrom('users').select('holder_account_id').where('id', '=', userId).executeTakeFirst();
      if (!membersBefore.has(userId) && person?.holder_account_id !== attacker.id) {
        findings.push({ op: 'chunk', attacker: attackerLabel, what: `person ${userId} of another account attached to ${attacker.id}` });
      }
    }
    const invites = await world.db
      .selectFrom('user_invites')
      .innerJoin('users', 'users.id', 'user_invites.user_id')
      .select(['user_invites.user_id', 'users.holder_account_id'])
      .where('user_invites.account_id', '=', attacker.id)
      .where('user_invites.created_at', '>=', startedAt)
      .execute();
    for (const invite of invites) {
      if (invite.holder_account_id !== attacker.id) {
        findings.push({
          op: 'chunk',
          attacker: attackerLabel,
          what: `invite for person ${invite.user_id} held by ${invite.holder_account_id}`,
        });
      }
    }
    chunks += 1;
  }
  return { requests, chunks, statuses, perOp, findings, serverErrors, durationMs: Date.now() - started };
}
