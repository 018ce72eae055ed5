import type { Principal } from '../shared/principal.js';
import type { ErrorFormat } from './plugins/error-handler.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authentication hook on every route that is not `public`. */
    principal: Principal;
  }
  interface FastifyContextConfig {
    /** No API token needed (health, metrics, docs). */
    public?: boolean;
    errorFormat?: ErrorFormat;
  }
}

export {};
