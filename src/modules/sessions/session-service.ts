import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';
import type { SessionPrincipal, SessionRole } from '../../shared/principal.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import { sessionRevocationRepository } from '../auth-groups/index.js';
import { isAdminRole, userRepository } from '../users/index.js';
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

/** Web UI sign-in: passwords, sessions (cookie secrets) and one-time invite links (decisions 0520–0522). */
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
      const user = (await userRepository.findByUsername(db, input.email.trim())) ?? (await userRepository.findByUsername(db, email));
      const stored = user === undefined ? undefined : await sessionRepository.getPasswordHash(db, user.id);
      const valid = await verifyPassword(input.password, stored ?? (await DECOY_HASH_PROMISE));
      if (user === undefined || stored === undefined || !valid) {
        await throttle.recordFailure(keys);
        throw sessionErrors.badCredentials();
      }
      await throttle.clear(`email:${email}`);
      const accounts = await activeAccountsOf(user.id);
      if (input.accountId !== undefined) {
        if (!accounts.some((choice) => choice.accountId === input.accountId)) throw sessionErrors.notAMember(input.accountId);
        return startSession(user.id, input.accountId);
      }
      const [only] = accounts;
      if (only === undefined) throw sessionErrors.badCredentials();
      if (accounts.length > 1) return { kind: 'choose-account', accounts };
      return startSession(user.id, only.accountId);
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

    async signOut(secret: string): Promise<void> {
      if (secret !== '' && secret.length <= 128) await sessionRepository.deleteSession(db, sha256(secret));
    },

    /** Sets a password (the CLI); ends the person's sessions. */
    async setPassword(email: string, password: string): Promise<{ userId: number }> {
      if (password.length < MIN_PASSWORD_LENGTH) throw sessionErrors.weakPassword(MIN_PASSWORD_LENGTH);
      const user =
        (await userRepository.findByUsername(db, email.trim())) ?? (await userRepository.findByUsername(db, email.trim().toLowerCase()));
      if (user === undefined) throw sessionErrors.badCredentials();
      await sessionRepository.setPasswordHash(db, user.id, await hashPassword(password), clock.now());
      await sessionRepository.deleteSessionsOfUser(db, user.id);
      return { userId: user.id };
    },

    /** A one-time link for a member of `accountId` to set their password; the secret is shown only here. */
    async createInvite(accountId: number, userId: number): Promise<{ token: string; expiresAt: number }> {
      const membership = await userRepository.getMembership(db, accountId, userId);
      if (membership === undefined) throw sessionErrors.userNotInAccount(userId);
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const expiresAt = now + INVITE_LIFETIME_MS;
      await sessionRepository.insertInvite(db, { tokenHash: sha256(token), userId, accountId, createdAt: now, expiresAt });
      return { token, expiresAt };
    },

    async acceptInvite(token: string, password: string): Promise<{ email: string }> {
      if (password.length < MIN_PASSWORD_LENGTH) throw sessionErrors.weakPassword(MIN_PASSWORD_LENGTH);
      const userId = await sessionRepository.useInvite(db, sha256(token), clock.now());
      if (userId === undefined) throw sessionErrors.inviteInvalid();
      const user = await userRepository.getUser(db, userId);
      if (user === undefined) throw sessionErrors.inviteInvalid();
      await sessionRepository.setPasswordHash(db, userId, await hashPassword(password), clock.now());
      await sessionRepository.deleteSessionsOfUser(db, userId);
      return { email: user.username };
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
