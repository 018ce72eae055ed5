import {
  createSessionService,
  createSharedSignInThrottle,
  readCookie,
  SESSION_COOKIE,
  sessionRoutes,
  type SessionService,
} from '../../modules/sessions/index.js';
import { DEFAULT_WEB_DIST_DIR, loadWebUiFiles, webUiRoutes } from '../../modules/web-ui/index.js';
import type { SessionCookieResult } from '../../http/plugins/authenticate.js';
import type { AreaWiring, WiringContext } from './area.js';

export interface WebServices {
  readonly sessions: SessionService;
  /** For the API server's authentication: a `Cookie` header to the session's principal and CSRF token. */
  readonly authenticateSession: (cookieHeader: string) => Promise<SessionCookieResult>;
}

/** The web UI: sign-in and sessions, and the single-page app's files at `/app/*`. */
export function wireWeb(ctx: WiringContext, options: { readonly webDistDir?: string } = {}): AreaWiring<WebServices> {
  const { db, clock } = ctx;
  const sessions = createSessionService({ db, clock, throttle: createSharedSignInThrottle(db, clock) });
  const files = loadWebUiFiles(options.webDistDir ?? DEFAULT_WEB_DIST_DIR);
  return {
    services: {
      sessions,
      authenticateSession: async (cookieHeader) => {
        const secret = readCookie(cookieHeader, SESSION_COOKIE);
        // Other cookies (a proxy's, another app's on the same host) leave the request to token authentication.
        if (secret === undefined || secret === '') return { kind: 'none' };
        const resolved = await sessions.resolve(secret);
        return resolved === undefined ? { kind: 'ended' } : { kind: 'session', ...resolved };
      },
    },
    routes: [sessionRoutes(sessions), webUiRoutes(files)],
    jobs: [],
  };
}
