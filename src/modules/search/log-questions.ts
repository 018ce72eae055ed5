import { MAX_TERMS_SIZE } from '../../query/index.js';
import type { LogQuestions } from '../../detection/index.js';
import type { DetectionPrincipal, Principal } from '../../shared/principal.js';
import type { Account } from '../accounts/index.js';
import { slidableMeasure } from './bucket-measures.js';
import type { SearchService } from './search-service.js';

export interface LogQuestionsDeps {
  readonly search: SearchService;
  readonly getAccount: (accountId: number) => Promise<Account | undefined>;
}

/** Groups one question may report per window (and per parent group). */
const MAX_GROUPS = Math.min(MAX_TERMS_SIZE, 10_000);

/** The engine searching for the rule's account: a principal of its own kind, scoped as the account's searches are. */
function principalOf(account: Account): DetectionPrincipal {
  return {
    kind: 'detection',
    accountId: account.id,
    accountName: account.name,
    region: account.region,
    ownerAccountId: account.ownerAccountId,
    accountType: account.type,
    retentionDays: account.retentionDays,
  };
}

/**
 * Stops waiting once `signal` aborts (evaluation timeout, shutdown). The store query itself runs on: the search
 * path takes no signal, but the evaluation moves on and its window is judged again next cycle.
 */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Detection's questions over the search path: the searcher account's scope, then the store's typed entry points. */
/**
 * Whose lookup lists a rule's conditions may name (decision 0450, first match wins): the searching account's own,
 * then those of the accounts it reads — so a security rule scanning sub accounts can use their lists.
 */
function lookupAccountsOf(question: { readonly searcherAccountId: number; readonly accountIds: readonly number[] }): number[] {
  return [...new Set([question.searcherAccountId, ...question.accountIds])];
}

export function createLogQuestions(deps: LogQuestionsDeps): LogQuestions {
  async function searcher(accountId: number, signal: AbortSignal): Promise<Principal | undefined> {
    signal.throwIfAborted();
    const account = await deps.getAccount(accountId);
    return account === undefined ? undefined : principalOf(account);
  }

  return {
    async measure(batch, signal) {
      const principal = batch.accountIds.length === 0 ? undefined : await searcher(batch.searcherAccountId, signal);
      if (principal === undefined) return batch.conditions.map(() => []);
      const input = {
        ...batch,
        principal,
        requestedAccountIds: batch.accountIds,
        lookupAccountIds: lookupAccountsOf(batch),
        fromMs: batch.window.fromMs,
        toMs: batch.window.toMs,
        maxGroups: MAX_GROUPS,
      };
      return untilAborted(deps.search.measureGroups(input), signal);
    },

    async measureBuckets(question, signal) {
      const measure = slidableMeasure(question.measure);
      if (measure === undefined) return undefined;
      const principal = question.accountIds.length === 0 ? undefined : await searcher(question.searcherAccountId, signal);
      // No account to read: `measure` answers no group at all (not COUNT's `{}` = 0), which the windows one by one say.
      if (principal === undefined) return undefined;
      const input = {
        ...question,
        measure,
        principal,
        requestedAccountIds: question.accountIds,
        lookupAccountIds: lookupAccountsOf(question),
        fromMs: question.span.fromMs,
        toMs: question.span.toMs,
        maxGroups: MAX_GROUPS,
      };
      const buckets = await untilAborted(deps.search.measureBuckets(input), signal);
      return buckets === undefined ? undefined : { buckets, maxGroups: MAX_GROUPS };
    },

    async samples(request, signal) {
      const principal = request.accountIds.length === 0 ? undefined : await searcher(request.searcherAccountId, signal);
      if (principal === undefined) return [];
      const input = {
        ...request,
        principal,
        requestedAccountIds: request.accountIds,
        lookupAccountIds: lookupAccountsOf(request),
        fromMs: request.window.fromMs,
        toMs: request.window.toMs,
      };
      return untilAborted(deps.search.sampleLogs(input), signal);
    },
  };
}
