import type { ListenerProtocol } from './listener-error-reply.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Dialect of a listener route's answers and errors (default: elasticsearch). */
    protocol?: ListenerProtocol;
  }
}

export {};
