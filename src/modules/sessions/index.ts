export { createSessionService, endMembershipSessions, sessionRoleOf, type SessionService } from './session-service.js';
export { createSharedSignInThrottle, createSignInThrottle, type SignInThrottle } from './sign-in-throttle.js';
export { sessionRoutes } from './session-routes.js';
export { sessionMigrations } from './migrations/index.js';
export { CSRF_HEADER, SESSION_COOKIE, readCookie } from './session-cookie.js';
export type { SessionTables } from './session-tables.js';
