import { MAX_TERMS_SIZE } from '../../query/index.js';
import type { Principal } from '../../shared/principal.js';
import type { Account } from '../accounts/index.js';
import type { SearchService } from '../search/index.js';
import type { Aggregation } from './alert.js';
import type { AlertQueryBatch, AlertQueryRunner, AlertQuestion, GroupValue } from './alert-query-runner.js';

export interface SearchQueryRunnerDeps {
  readonly search: SearchService;
  readonly getAccount: (accountId: number) => Promise<Account | undefined>;
}

/** Groups one sub-component can fire for per window; more are reported, never silently dropped. */
const MAX_GROUPS = Math.min(MAX_TERMS_SIZE, 10_000);
const METRIC = 'alert_metric';

/** The alert account acting as the searcher: scoping then applies exactly as for its API tokens. */
function principalOf(account: Account): Principal {
  return { kind: 'api-token', accountId: account.id, accountName: account.name, region: account.region, ownerAccountId: account.ownerAccountId, accountType: account.type, tokenId: 0, retentionDays: account.retentionDays };
}

function windowRange(fromMs: number, toMs: number): Record<string, unknown> {
  return { range: { '@timestamp': { gte: fromMs, lt: toMs, format: 'epoch_millis' } } };
}

function boolQuery(query: AlertQuestion, extraMust: readonly unknown[]): Record<string, unknown> {
  const bool = query.filters?.bool ?? {};
  return {
    bool: {
      must: [{ query_string: { query: query.query.trim() === '' ? '*' : query.query } }, ...(bool.must ?? []), ...extraMust],
      ...(bool.filter === undefined ? {} : { filter: bool.filter }),
      ...(bool.must_not === undefined ? {} : { must_not: bool.must_not }),
      // A should list inside a filter context must match at least one clause, as in Logz.io.
      ...(bool.should === undefined || bool.should.length === 0 ? {} : { should: bool.should, minimum_should_match: 1 }),
    },
  };
}

function metricAggregation(aggregation: Aggregation): Record<string, unknown> | undefined {
  const field = aggregation.fieldToAggregateOn ?? '';
  switch (aggregation.aggregationType) {
    case 'COUNT':
    case 'NONE':
      return undefined;
    case 'SUM':
      return { sum: { field } };
    case 'AVG':
      return { avg: { field } };
    case 'MIN':
      return { min: { field } };
    case 'MAX':
      return { max: { field } };
    case 'UNIQUE_COUNT':
      return { cardinality: { field } };
    case 'PERCENTILE':
      return { percentiles: { field, percents: [Number(aggregation.valueToAggregateOn ?? 95)] } };
    case 'PERCENTAGE':
      return { filter: { match_phrase: { [field]: { query: aggregation.valueToAggregateOn ?? '' } } } };
  }
}

function valueOf(bucket: Record<string, unknown>, aggregation: Aggregation): number | undefined {
  const docCount = typeof bucket.doc_count === 'number' ? bucket.doc_count : 0;
  const metric = bucket[METRIC] as Record<string, unknown> | undefined;
  switch (aggregation.aggregationType) {
    case 'COUNT':
    case 'NONE':
      return docCount;
    case 'PERCENTAGE': {
      const matching = typeof metric?.doc_count === 'number' ? metric.doc_count : 0;
      return docCount === 0 ? undefined : (matching / docCount) * 100;
    }
    case 'PERCENTILE': {
      const values = metric?.values as Record<string, unknown> | undefined;
      const first = values === undefined ? undefined : Object.values(values)[0];
      return typeof first === 'number' ? first : undefined;
    }
    default:
      // SUM over no numbers is 0, as in Elasticsearch; AVG/MIN/MAX over none have no value.
      return typeof metric?.value === 'number' ? metric.value : undefined;
  }
}

/** Nested terms aggregations, one level per groupBy field, the metric at the innermost level. */
function groupAggregations(groupBy: readonly string[], aggregation: Aggregation): Record<string, unknown> {
  const metric = metricAggregation(aggregation);
  let inner: Record<string, unknown> = metric === undefined ? {} : { [METRIC]: metric };
  for (let level = groupBy.length - 1; level >= 0; level -= 1) {
    inner = { [`group_${level}`]: { terms: { field: groupBy[level], size: MAX_GROUPS }, ...(Object.keys(inner).length === 0 ? {} : { aggs: inner }) } };
  }
  return inner;
}

function collectGroups(node: Record<string, unknown>, groupBy: readonly string[], level: number, group: Record<string, string>, aggregation: Aggregation, out: GroupValue[]): void {
  if (level === groupBy.length) {
    const value = valueOf(node, aggregation);
    if (value !== undefined) out.push({ group: { ...group }, value });
    return;
  }
  const terms = node[`group_${level}`] as { buckets?: Record<string, unknown>[] } | undefined;
  const field = groupBy[level] as string;
  for (const bucket of terms?.buckets ?? []) {
    collectGroups(bucket, groupBy, level + 1, { ...group, [field]: String(bucket.key_as_string ?? bucket.key) }, aggregation, out);
  }
}

/**
 * Stops waiting once `signal` aborts (evaluation timeout, shutdown). The store query itself runs on: the
 * search path takes no signal, but the evaluation moves on and its window is judged again next cycle.
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

/** The alert query port over the search path: parse (Elasticsearch profile) → scope → compile → run. */
export function createSearchQueryRunner(deps: SearchQueryRunnerDeps): AlertQueryRunner {
  async function run(query: { readonly alertAccountId: number; readonly accountIds: readonly number[] }, body: Record<string, unknown>, signal: AbortSignal) {
    signal.throwIfAborted();
    const account = await deps.getAccount(query.alertAccountId);
    if (account === undefined) return undefined;
    const principal = principalOf(account);
    const { result } = await untilAborted(
      deps.search.execute({
        principal,
        request: deps.search.parse(body, 'elasticsearch'),
        window: { kind: 'retention' },
        requestedAccountIds: [...query.accountIds],
        types: null,
        background: true,
      }),
      signal,
    );
    return result;
  }

  return {
    async aggregateMany(batch: AlertQueryBatch, signal: AbortSignal): Promise<GroupValue[][]> {
      if (batch.accountIds.length === 0) return batch.questions.map(() => []);
      // One named filter per question: the engine answers all of them in one pass over the window.
      const inner = groupAggregations(batch.groupBy, batch.aggregation);
      const body = {
        query: windowRange(batch.fromMs, batch.toMs),
        size: 0,
        aggs: {
          batch: {
            filters: { filters: Object.fromEntries(batch.questions.map((question, index) => [`q${index}`, boolQuery(question, [])])) },
            ...(Object.keys(inner).length === 0 ? {} : { aggs: inner }),
          },
        },
      };
      const result = await run(batch, body, signal);
      const buckets = (result?.aggregations?.batch as { buckets?: Record<string, Record<string, unknown>> } | undefined)?.buckets ?? {};
      return batch.questions.map((_question, index) => {
        const bucket = buckets[`q${index}`];
        const out: GroupValue[] = [];
        if (bucket !== undefined) collectGroups(bucket, batch.groupBy, 0, {}, batch.aggregation, out);
        return out;
      });
    },

    async samples(query, signal) {
      if (query.accountIds.length === 0) return [];
      const groupClauses = Object.entries(query.group).map(([field, value]) => ({ match_phrase: { [field]: { query: value } } }));
      const body = {
        query: { bool: { must: [windowRange(query.fromMs, query.toMs), boolQuery(query, groupClauses)] } },
        size: query.limit,
        sort: [{ '@timestamp': { order: 'desc' } }],
      };
      const result = await run(query, body, signal);
      return (result?.hits ?? []).map((hit) => hit.source ?? {});
    },
  };
}
