import { setTimeout as sleep } from 'node:timers/promises';
import { OutboundFailure, type OutboundClient } from '../../outbound/index.js';
import type { OutgoingRequest } from './endpoint-requests.js';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  readonly maxAttempts: number;
  /** Wait before the second attempt; doubled before each next one. */
  readonly baseDelayMs: number;
  /** Limit of one attempt, connection to last byte. */
  readonly timeoutMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 4, baseDelayMs: 1_000, timeoutMs: 10_000 };

export interface DeliveryOutcome {
  readonly delivered: boolean;
  readonly attempts: number;
  readonly httpStatus: number | null;
  /** Why the last attempt failed; never contains the URL or headers (they hold secrets). */
  readonly error: string | null;
}

function isRetryable(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

function describe(error: unknown): string {
  if (error instanceof OutboundFailure) return `refused: ${error.reason}`;
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' ? `${error.name} ${code}` : error.name;
  }
  return 'unknown error';
}

/**
 * Sends one request with retries and exponential back-off; a 4xx other than 408/429 is final, and so
 * is an address the outbound policy refuses. The signal aborts waiting and sending (shutdown).
 */
export async function deliverHttp(
  outbound: OutboundClient,
  outgoing: OutgoingRequest,
  policy: RetryPolicy,
  signal?: AbortSignal,
): Promise<DeliveryOutcome> {
  let lastStatus: number | null = null;
  let lastError: string | null = null;
  for (let attempt = 1; attempt <= policy.maxAttempts; attempt += 1) {
    if (attempt > 1) {
      try {
        await sleep(policy.baseDelayMs * 2 ** (attempt - 2), undefined, { signal });
      } catch {
        return { delivered: false, attempts: attempt - 1, httpStatus: lastStatus, error: 'aborted' };
      }
    }
    const timeout = AbortSignal.timeout(policy.timeoutMs);
    const attemptSignal = signal === undefined ? timeout : AbortSignal.any([signal, timeout]);
    try {
      const response = await outbound.send(
        {
          url: outgoing.url,
          method: outgoing.method,
          headers: outgoing.headers,
          ...(outgoing.body === undefined ? {} : { body: JSON.stringify(outgoing.body) }),
        },
        attemptSignal,
      );
      lastStatus = response.statusCode;
      if (response.statusCode >= 200 && response.statusCode < 300) {
        return { delivered: true, attempts: attempt, httpStatus: response.statusCode, error: null };
      }
      lastError = `HTTP ${response.statusCode}`;
      if (!isRetryable(response.statusCode)) return { delivered: false, attempts: attempt, httpStatus: lastStatus, error: lastError };
    } catch (error) {
      lastError = timeout.aborted ? `timed out after ${policy.timeoutMs} ms` : describe(error);
      if (error instanceof OutboundFailure) return { delivered: false, attempts: attempt, httpStatus: null, error: lastError };
      if (signal?.aborted === true) return { delivered: false, attempts: attempt, httpStatus: lastStatus, error: 'aborted' };
    }
  }
  return { delivered: false, attempts: policy.maxAttempts, httpStatus: lastStatus, error: lastError };
}
