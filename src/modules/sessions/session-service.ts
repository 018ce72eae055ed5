import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';
import type { Principal, SessionPrincipal, SessionRole } from '../../shared/principal.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import { sessionRevocationRepository } from '../auth-groups/index.js';
import { isAdminRole, userPolicy, userRepository, type Person } from '../users/index.js';
import { DECOY_HASH_PROMISE, hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from './password-hash.js';
import { sessionErrors } from './session-errors.js';
import { sessionRepository, type SessionRow } from './session-repository.js';
import type { SignInThrottle } from './sign-in-throttle.js';

/** How long a session lasts from sign-in; it ends sooner on sign-out, suspension, deletion or a revocation. */
export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;
/** How long an invite link may be used. */
export const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export interface SessionServiceDeps {
  readonly db: ControlPlaneDb;
  readonly clock: Clock;
  readonly throttle: SignInThrottle;
}

export interface AccountChoice {
  readonly accountId: number;
  readonly accountName: string;
  readonly role: SessionRole;
}

export type SignInResult =
  | { readonly kind: 'signed-in'; readonly secret: string; readonly principal: SessionPrincipal; readonly csrfToken: string }
  | { readonly kind: 'choose-account'; readonly accounts: readonly AccountChoice[] };

export function sessionRoleOf(role: string): SessionRole {
  if (isAdminRole(role)) return 'admin';
  return role === 'USER_ROLE_READONLY' ? 'read-only' : 'regular';
}

function sha256(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function principalOf(row: SessionRow, idHash: string): SessionPrincipal {
  return {
    kind: 'session',
    sessionId: idHash.slice(0, 16),
    userId: row.userId,
    email: row.email,
    role: sessionRoleOf(row.role),
    accountId: row.accountId,
    accountName: row.accountName,
    region: row.region,
    ownerAccountId: row.ownerAccountId,
    accountType: row.accountType,
    retentionDays: row.retentionDays,
  };
}

/** Ends a person's sessions in one account; the users module calls it when it suspends or removes a membership. */
export function endMembershipSessions(db: ControlPlaneDb, accountId: number, userId: number): Promise<void> {
  return sessionRepository.deleteSessionsOfMembership(db, accountId, userId);
}

/** The e-mail as typed and in lower case: both spellings are looked up. */
function spellings(email: string): string[] {
  const trimmed = email.trim();
  return [trimmed, trimmed.toLowerCase()];
}

/** Web UI sign-in: passwords, sessions (cookie secrets) and one-time invite links (decisions 0520–0522, 0601). */
export function createSessionService(deps: SessionServiceDeps) {
  const { db, clock, throttle } = deps;

  async function activeAccountsOf(userId: number): Promise<AccountChoice[]> {
    const rows = await db
      .selectFrom('account_users')
      .innerJoin('accounts', 'accounts.id', 'account_users.account_id')
      .select(['accounts.id', 'accounts.name', 'account_users.role'])
      .where('account_users.user_id', '=', userId)
      .where('account_users.suspended', '=', 0)
      .where('accounts.active', '=', 1)
      .orderBy('accounts.id')
      .execute();
    return rows.map((row) => ({ accountId: row.id, accountName: row.name, role: sessionRoleOf(row.role) }));
  }

  async function startSession(userId: number, accountId: number): Promise<Extract<SignInResult, { kind: 'signed-in' }>> {
    const secret = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(24).toString('base64url');
    const idHash = sha256(secret);
    const now = clock.now();
    await sessionRepository.deleteExpired(db, now);
    await sessionRepository.insertSession(db, {
      idHash,
      userId,
      accountId,
      csrfToken,
      createdAt: now,
      expiresAt: now + SESSION_LIFETIME_MS,
    });
    const row = await sessionRepository.findSession(db, idHash);
    if (row === undefined) throw sessionErrors.notAMember(accountId);
    return { kind: 'signed-in', secret, csrfToken, principal: principalOf(row, idHash) };
  }

  return {
    /**
     * Checks the password (throttled per e-mail and per client address); a user in several accounts names one,
     * or is answered the accounts to choose from.
     */
    async signIn(input: { email: string; password: string; accountId?: number | undefined; clientAddress: string }): Promise<SignInResult> {
      const email = input.email.trim().toLowerCase();
      const keys = [`email:${email}`, `ip:${input.clientAddress}`];
      const wait = await throttle.retryAfterSeconds(keys);
      if (wait > 0) throw sessionErrors.throttled(wait);
      // Several accounts may each hold a person with this e-mail (decision 0600): the password says which.
      const people = await userRepository.findPeopleByUsername(db, spellings(input.email));
      const matched: Person[] = [];
      for (const person of people) {
        const stored = await sessionRepository.getPasswordHash(db, person.id);
        if (stored !== undefined && (await verifyPassword(input.password, stored))) matched.push(person);
      }
      if (people.length === 0) await verifyPassword(input.password, await DECOY_HASH_PROMISE);
      if (matched.length === 0) {
        await throttle.recordFailure(keys);
        throw sessionErrors.badCredentials();
      }
      await throttle.clear(`email:${email}`);
      // An account has at most one member per e-mail, so an account id names one person.
      const choices: { userId: number; choice: AccountChoice }[] = [];
      for (const person of matched) for (const choice of await activeAccountsOf(person.id)) choices.push({ userId: person.id, choice });
      if (input.accountId !== undefined) {
        const chosen = choices.find((c) => c.choice.accountId === input.accountId);
        const active = choices.map((c) => c.choice.accountId);
        if (chosen === undefined || !userPolicy.maySignInTo(active, input.accountId)) throw sessionErrors.notAMember(input.accountId);
        return startSession(chosen.userId, input.accountId);
      }
      const [only] = choices;
      if (only === undefined) throw sessionErrors.badCredentials();
      if (choices.length > 1) return { kind: 'choose-account', accounts: choices.map((c) => c.choice) };
      return startSession(only.userId, only.choice.accountId);
    },

    /** A signed-in user moves to another of their accounts: a new session replaces the current one. */
    async switchAccount(
      principal: SessionPrincipal,
      secret: string,
      accountId: number,
    ): Promise<Extract<SignInResult, { kind: 'signed-in' }>> {
      const accounts = await activeAccountsOf(principal.userId);
      if (!accounts.some((choice) => choice.accountId === accountId)) throw sessionErrors.notAMember(accountId);
      await sessionRepository.deleteSession(db, sha256(secret));
      return startSession(principal.userId, accountId);
    },

    /**
     * The principal behind a session cookie, checked on every request: a session ends at once when it expires,
     * when the membership is suspended or deleted, the account deactivated, or the account's sessions revoked.
     */
    async resolve(secret: string): Promise<{ principal: SessionPrincipal; csrfToken: string } | undefined> {
      if (secret === '' || secret.length > 128) return undefined;
      const idHash = sha256(secret);
      const row = await sessionRepository.findSession(db, idHash);
      if (row === undefined || row.suspended || !row.accountActive || row.expiresAt <= clock.now()) return undefined;
      const revokedAt = await sessionRevocationRepository.latest(db, row.accountId);
      if (revokedAt !== null && row.createdAt <= revokedAt) return undefined;
      return { principal: principalOf(row, idHash), csrfToken: row.csrfToken };
    },

    async accountsOf(userId: number): Promise<AccountChoice[]> {
      return activeAccountsOf(userId);
    },

    /** Ends the session; a live session must send its CSRF token, as every other state change does. */
    async signOut(secret: string, csrfToken: string | undefined): Promise<void> {
      if (secret === '' || secret.length > 128) return;
      const idHash = sha256(secret);
      const row = await sessionRepository.findSession(db, idHash);
      if (row !== undefined && row.csrfToken !== csrfToken) throw sessionErrors.csrfMismatch();
      await sessionRepository.deleteSession(db, idHash);
    },

    /**
     * Sets a password (the CLI, run by the operator); ends the person's sessions. When several accounts hold a
     * person with this e-mail, the one a main account holds is meant, else the oldest.
     */
    async setPassword(email: string, password: string): Promise<{ userId: number }> {
      if (password.length < MIN_PASSWORD_LENGTH) throw sessionErrors.weakPassword(MIN_PASSWORD_LENGTH);
      const people = await userRepository.findPeopleByUsername(db, spellings(email));
      const user = people.find((p) => p.holderAccountId !== null && p.holderAccountId === p.holderMainAccountId) ?? people[0];
      if (user === undefined) throw sessionErrors.badCredentials();
      await sessionRepository.setPasswordHash(db, user.id, await hashPassword(password), clock.now());
      await sessionRepository.deleteSessionsOfUser(db, user.id);
      return { userId: user.id };
    },

    /**
     * A one-time link for a person to set their password; the secret is shown only here. Only the account holding
     * the person (or its main account) may make one; for anyone else the person does not exist (user-policy.ts).
     */
    async createInvite(principal: Principal, userId: number): Promise<{ token: string; expiresAt: number }> {
      const person = await userRepository.getPerson(db, userId);
      if (person === undefined || !userPolicy.managesPerson(principal, person)) throw sessionErrors.userNotInAccount(userId);
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const expiresAt = now + INVITE_LIFETIME_MS;
      await sessionRepository.insertInvite(db, {
        tokenHash: sha256(token),
        userId,
        accountId: principal.accountId,
        createdAt: now,
        expiresAt,
      });
      return { token, expiresAt };
    },

    /**
     * Sets the password with an open invite: the issuing account must still manage the person, and a person who
     * has a password must prove it (throttled like a sign-in). The invite is used up only when the password is set.
     */
    async acceptInvite(token: string, password: string, currentPassword: string | undefined): Promise<{ email: string }> {
      if (password.length < MIN_PASSWORD_LENGTH) throw sessionErrors.weakPassword(MIN_PASSWORD_LENGTH);
      const tokenHash = sha256(token);
      const invite = await sessionRepository.findOpenInvite(db, tokenHash, clock.now());
      const person = invite === undefined ? undefined : await userRepository.getPerson(db, invite.userId);
      const issuer = invite === undefined ? undefined : await sessionRepository.issuerOf(db, invite.accountId);
      if (person === undefined || issuer === undefined || !userPolicy.managesPerson(issuer, person)) throw sessionErrors.inviteInvalid();
      const stored = await sessionRepository.getPasswordHash(db, person.id);
      if (stored !== undefined) {
        const key = `email:${person.username.toLowerCase()}`;
        const wait = await throttle.retryAfterSeconds([key]);
        if (wait > 0) throw sessionErrors.throttled(wait);
        const proved = currentPassword !== undefined && (await verifyPassword(currentPassword, stored));
        if (!userPolicy.inviteMaySetPassword(true, proved)) {
          await throttle.recordFailure([key]);
          throw sessionErrors.currentPasswordRequired();
        }
      }
      if (!(await sessionRepository.useInvite(db, tokenHash, clock.now()))) throw sessionErrors.inviteInvalid();
      await sessionRepository.setPasswordHash(db, person.id, await hashPassword(password), clock.now());
      await sessionRepository.deleteSessionsOfUser(db, person.id);
      return { email: person.username };
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
