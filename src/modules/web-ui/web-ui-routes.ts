import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { WebUiFile } from './web-ui-files.js';

/**
 * The page may load only its own scripts and call only its own origin; ECharts and React set inline styles.
 * No framing (clickjacking).
 */
const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; " +
  "frame-ancestors 'none'; base-uri 'self'; form-action 'self'";

const NOT_BUILT = `<!doctype html><title>Logward</title><p>The web UI is not built. <code>npm ci</code> (or <code>npm start</code>) builds it.</p>`;

function send(reply: FastifyReply, file: WebUiFile): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('cache-control', file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}

/**
 * Serves the single-page app at `/app/*` (decision 0300): a built asset by its path, any other path the app's
 * index page (the app routes on the client). `/` sends to the app. Public: the app signs people in itself.
 */
export function webUiRoutes(files: ReadonlyMap<string, WebUiFile>): FastifyPluginAsync {
  return async (app) => {
    const index = files.get('index.html');
    const page = (reply: FastifyReply): FastifyReply => {
      void reply
        .header('content-security-policy', CONTENT_SECURITY_POLICY)
        .header('x-frame-options', 'DENY')
        .header('referrer-policy', 'same-origin');
      if (index === undefined) return reply.status(503).header('content-type', 'text/html; charset=utf-8').send(NOT_BUILT);
      return send(reply, index);
    };
    const hidden = { config: { public: true }, schema: { hide: true } };
    app.get('/', hidden, async (_request, reply) => reply.redirect('/app/', 302));
    app.get('/app', hidden, async (_request, reply) => page(reply));
    app.get<{ Params: { '*': string } }>('/app/*', hidden, async (request, reply) => {
      const wanted = request.params['*'];
      const file = files.get(wanted);
      if (file !== undefined && wanted !== 'index.html') return send(reply, file);
      // A missing hashed asset is a stale page asking for an old build: a 404, not the index page as script.
      if (wanted.startsWith('assets/')) return reply.status(404).header('content-type', 'text/plain').send('not found');
      return page(reply);
    });
  };
}
