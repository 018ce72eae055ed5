import { StatementCancelledError } from './transport.js';

/** A KILL sent before the engine has registered the statement finds nothing: it is sent again this often until it ended. */
const KILL_RETRY_MS = 50;

/**
 * Waits for `running` (one statement); once `signal` aborts, stops it with `kill` (a KILL QUERY sent on another
 * connection: the statement's own is busy with it), again until it has ended, and settles with
 * StatementCancelledError. It settles only when the engine has let go of the statement, so whatever slot the caller
 * holds is really free then. chDB's own `signal` only stops waiting while the engine runs on (chdb-notes §4).
 */
export async function untilKilled<T>(running: Promise<T>, signal: AbortSignal, kill: () => Promise<void>): Promise<T> {
  let settled = false;
  const ended = running.finally(() => {
    settled = true;
  });
  const killUntilEnded = async (): Promise<void> => {
    while (!settled) {
      await kill().catch(() => undefined);
      await Promise.race([ended.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, KILL_RETRY_MS))]);
    }
  };
  const onAbort = (): void => void killUntilEnded();
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  try {
    const result = await ended;
    if (signal.aborted) throw new StatementCancelledError();
    return result;
  } catch (error) {
    if (signal.aborted) throw new StatementCancelledError();
    throw error;
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
