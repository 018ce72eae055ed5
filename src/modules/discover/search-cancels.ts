/**
 * The searches of the web app still running in this process, by who asked and the id the page gave them, so that
 * a Cancel (POST /v1/app/search/cancel) stops them. Behind a load balancer a cancel may reach another process: the
 * page also drops the request itself, which stops the search where it runs (the client's connection closes).
 */
export interface SearchCancels {
  /** A signal for one search, aborted by `cancel` or by `parent`; `done` forgets it. */
  start(owner: string, searchId: string | undefined, parent: AbortSignal): { readonly signal: AbortSignal; done(): void };
  /** Aborts the owner's searches of these ids; how many were running. */
  cancel(owner: string, searchIds: readonly string[]): number;
}

/** Searches kept per process at most (a page runs a few at once; a flood of ids must not grow the map). */
const MAX_RUNNING = 10_000;

export function createSearchCancels(): SearchCancels {
  const running = new Map<string, AbortController>();
  const keyOf = (owner: string, searchId: string): string => `${owner}\u0000${searchId}`;
  return {
    start(owner, searchId, parent) {
      const controller = new AbortController();
      const onParent = (): void => controller.abort();
      if (parent.aborted) controller.abort();
      else parent.addEventListener('abort', onParent, { once: true });
      const key = searchId === undefined ? undefined : keyOf(owner, searchId);
      if (key !== undefined && running.size < MAX_RUNNING) running.set(key, controller);
      return {
        signal: controller.signal,
        done() {
          parent.removeEventListener('abort', onParent);
          if (key !== undefined && running.get(key) === controller) running.delete(key);
        },
      };
    },
    cancel(owner, searchIds) {
      let count = 0;
      for (const searchId of searchIds) {
        const controller = running.get(keyOf(owner, searchId));
        if (controller === undefined) continue;
        controller.abort();
        running.delete(keyOf(owner, searchId));
        count += 1;
      }
      return count;
    },
  };
}
