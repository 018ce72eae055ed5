/**
 * The one error type of Logward. Domain code throws it with a code from a closed set; the HTTP edge
 * (src/http/plugins/error-handler.ts) is the only place that turns a code into a status and a body.
 */
export type ErrorCode =
  | 'invalid_argument'
  | 'unauthenticated'
  | 'permission_denied'
  | 'not_found'
  | 'already_exists'
  /** The request is well formed but the state of what it names forbids it (a referenced object's delete, a stale version, a lookup list rules still use). */
  | 'conflict'
  | 'payload_too_large'
  | 'resource_exhausted'
  | 'unavailable'
  /** Whoever asked stopped waiting (left the page, pressed Cancel) and the work was stopped: normal, not a failure. */
  | 'cancelled'
  | 'internal';

export interface AppErrorOptions {
  /** Logz.io-style error code shown to clients, e.g. `user-management/USER_ALREADY_EXIST`. */
  readonly wireCode?: string;
  /** Context shown to clients in `parameters`; never put secrets here. */
  readonly parameters?: Readonly<Record<string, unknown>>;
  /** Seconds a client should wait before retrying (429/503). */
  readonly retryAfterSeconds?: number;
  readonly cause?: unknown;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly wireCode: string | undefined;
  readonly parameters: Readonly<Record<string, unknown>>;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.wireCode = options.wireCode;
    this.parameters = options.parameters ?? {};
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

export const invalidArgument = (message: string, options?: AppErrorOptions): AppError => new AppError('invalid_argument', message, options);

export const notFound = (message: string, options?: AppErrorOptions): AppError => new AppError('not_found', message, options);

export const permissionDenied = (message = 'Insufficient privileges', options?: AppErrorOptions): AppError =>
  new AppError('permission_denied', message, options);

export const alreadyExists = (message: string, options?: AppErrorOptions): AppError => new AppError('already_exists', message, options);

export const resourceExhausted = (message: string, options?: AppErrorOptions): AppError =>
  new AppError('resource_exhausted', message, options);

export const unavailable = (message: string, options?: AppErrorOptions): AppError => new AppError('unavailable', message, options);

/** For exhaustive switches: a new union member breaks the build here. */
export function assertNever(value: never): never {
  throw new AppError('internal', `unexpected value ${JSON.stringify(value)}`);
}
