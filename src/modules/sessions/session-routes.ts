import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionPrincipal } from '../../shared/principal.js';
import { sessionErrors } from './session-errors.js';
import { clearedSessionCookie, CSRF_HEADER, readCookie, SESSION_COOKIE, sessionCookie } from './session-cookie.js';
import { SESSION_LIFETIME_MS, type AccountChoice, type SessionService } from './session-service.js';
import {
  AcceptInviteBody,
  AcceptInviteResponse,
  CreateInviteBody,
  InviteResponse,
  SessionInfo,
  SignedOut,
  SignInBody,
  SignInResponse,
  SwitchAccountBody,
} from './session-wire.js';

const TAGS = ['web sign-in'];

function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https' || request.headers['x-forwarded-proto'] === 'https';
}

function secretOf(request: FastifyRequest): string {
  return readCookie(request.headers.cookie, SESSION_COOKIE) ?? '';
}

function sessionOf(request: FastifyRequest): SessionPrincipal {
  if (request.principal.kind !== 'session') throw sessionErrors.notSignedIn();
  return request.principal;
}

function infoOf(principal: SessionPrincipal, csrfToken: string, accounts: readonly AccountChoice[]): SessionInfo {
  return {
    userId: principal.userId,
    email: principal.email,
    accountId: principal.accountId,
    accountName: principal.accountName,
    role: principal.role,
    csrfToken,
    accounts: [...accounts],
  };
}

function setCookie(reply: FastifyRequest, response: FastifyReply, secret: string): void {
  void response.header('set-cookie', sessionCookie(secret, SESSION_LIFETIME_MS / 1000, isHttps(reply)));
}

/**
 * Web UI sign-in (decision 0520): the browser holds an HttpOnly session cookie, never an API token; the page
 * reads its CSRF token from `GET /v1/session` and sends it with every state-changing call.
 */
export function sessionRoutes(sessions: SessionService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/v1/session/sign-in',
      {
        config: { public: true },
        schema: {
          tags: TAGS,
          // No token: the OpenAPI document says so, and clients (and the fuzz) need not send one.
          security: [],
          summary: 'Sign in to the web UI with e-mail and password',
          body: SignInBody,
          response: { 200: SignInResponse },
        },
      },
      async (request, reply) => {
        const result = await sessions.signIn({ ...request.body, clientAddress: request.ip });
        if (result.kind === 'choose-account') return { signedIn: false, accounts: [...result.accounts] };
        setCookie(request, reply, result.secret);
        const accounts = await sessions.accountsOf(result.principal.userId);
        return { signedIn: true, session: infoOf(result.principal, result.csrfToken, accounts) };
      },
    );

    app.post(
      '/v1/session/sign-out',
      {
        config: { public: true },
        schema: {
          tags: TAGS,
          security: [],
          summary: 'End the web UI session (send the X-CSRF-Token header of the session)',
          response: { 200: SignedOut },
        },
      },
      async (request, reply) => {
        const csrf = request.headers[CSRF_HEADER];
        await sessions.signOut(secretOf(request), Array.isArray(csrf) ? csrf[0] : csrf);
        void reply.header('set-cookie', clearedSessionCookie(isHttps(request)));
        return { signedIn: false };
      },
    );

    app.get(
      '/v1/session',
      { schema: { tags: TAGS, summary: 'The signed-in user, account, role and CSRF token', response: { 200: SessionInfo } } },
      async (request) => {
        const principal = sessionOf(request);
        const resolved = await sessions.resolve(secretOf(request));
        if (resolved === undefined) throw sessionErrors.notSignedIn();
        return infoOf(principal, resolved.csrfToken, await sessions.accountsOf(principal.userId));
      },
    );

    app.post(
      '/v1/session/account',
      {
        schema: {
          tags: TAGS,
          summary: 'Move the session to another account of the user',
          body: SwitchAccountBody,
          response: { 200: SessionInfo },
        },
      },
      async (request, reply) => {
        const result = await sessions.switchAccount(sessionOf(request), secretOf(request), request.body.accountId);
        setCookie(request, reply, result.secret);
        return infoOf(result.principal, result.csrfToken, await sessions.accountsOf(result.principal.userId));
      },
    );

    app.post(
      '/v1/session/invites',
      {
        schema: {
          tags: TAGS,
          summary: 'Create a one-time link for a user of the account to set a web UI password',
          body: CreateInviteBody,
          response: { 200: InviteResponse },
        },
      },
      async (request) => {
        const invite = await sessions.createInvite(request.principal, request.body.userId);
        return { ...invite, path: `/app/invite#${invite.token}` };
      },
    );

    app.post(
      '/v1/session/invites/accept',
      {
        config: { public: true },
        schema: {
          tags: TAGS,
          security: [],
          summary: 'Set a password with an invite link',
          body: AcceptInviteBody,
          response: { 200: AcceptInviteResponse },
        },
      },
      async (request) => sessions.acceptInvite(request.body.token, request.body.password, request.body.currentPassword),
    );
  };
}
