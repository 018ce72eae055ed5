import pino, { type DestinationStream } from 'pino';
import type { Logger } from '../shared/logger.js';
import { redactUrl } from '../shared/redact-url.js';

interface RequestLike {
  method?: string;
  url?: string;
  hostname?: string;
  ip?: string;
  socket?: { remoteAddress?: string };
}

/** pino JSON logs; request URLs are redacted and headers are never logged, so tokens stay out. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'logward' },
      redact: { paths: ['req.headers.authorization', 'req.headers["x-api-token"]', 'token', '*.token'], censor: '[redacted]' },
      serializers: {
        req: (request: RequestLike) => ({
          method: request.method,
          url: redactUrl(request.url ?? ''),
          host: request.hostname,
          remoteAddress: request.ip ?? request.socket?.remoteAddress,
        }),
      },
    },
    destination,
  );
}
