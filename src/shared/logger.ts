import type { Logger as PinoLogger } from 'pino';

/** The structured logger every component receives; a constant event name, variables in fields. */
export type Logger = PinoLogger;
