/**
 * Issue 47: every search speed rule changes how fast a search answers, never what it answers. bench:search's queries
 * run on a small sample of both data sets (bench/bench-datasets.ts) with every rule on, then with each rule switched
 * off (LOGWARD_SEARCH_RULES_OFF), each on a store of its own; the totals, the pages (the logs, in order) and the
 * aggregations must be the same.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BENCH_DATASETS, datasetSample, sampleDocuments, type DatasetSample } from '../../bench/bench-datasets.js';
import { SEARCH_RULE_NAMES } from '../../src/storage/clickhouse/search/rules/search-rules.js';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { createManualClock, startTestApp } from '../support/test-app.js';

const backend = controlPlaneBackends[0];
const SAMPLE_LOGS = 2_000;

interface Answer {
  readonly hits: {
    readonly total: number | { readonly value: number; readonly relation?: string };
    readonly hits: readonly { readonly _source?: unknown }[];
  };
  readonly aggregations?: unknown;
}

/** What a search answered, as compared: the total, the page's logs in order, the aggregations. */
type Answers = ReadonlyMap<string, string>;

async function answersWith(sample: DatasetSample, rulesOff: readonly string[]): Promise<Answers> {
  assert.ok(backend !== undefined);
  const t = await startTestApp({
    backend,
    clock: createManualClock(sample.nowMs),
    env: rulesOff.length === 0 ? {} : { LOGWARD_SEARCH_RULES_OFF: rulesOff.join(',') },
  });
  try {
    await t.app.logStore.append(sampleDocuments(sample, t.mainAccountId), { dedupToken: 'sample', retentionDaysOf: () => 3650 });
    const answers = new Map<string, string>();
    const ask = async (name: string, path: string, body: unknown): Promise<void> => {
      const response = await t.api.inject({ method: 'POST', url: path, headers: { 'x-api-token': t.apiToken }, payload: body as object });
      assert.equal(response.statusCode, 200, `${name}: ${response.body}`);
      const answer = response.json<Answer>();
      // Ids are made at ingest (each store its own): the logs are compared by their source.
      answers.set(
        name,
        JSON.stringify({
          total: answer.hits.total,
          page: answer.hits.hits.map((hit) => hit._source),
          aggregations: answer.aggregations ?? null,
        }),
      );
    };
    for (const query of sample.queries) {
      await ask(query.name, query.path, query.body);
      if (query.onMessage !== null) await ask(`${query.name} (on message)`, query.path, query.onMessage);
    }
    return answers;
  } finally {
    await t.close();
  }
}

for (const dataset of BENCH_DATASETS) {
  describe(`search rules on the ${dataset} sample`, () => {
    const sample = datasetSample(dataset, { count: SAMPLE_LOGS });
    let allOn: Answers | undefined;

    it('answers every bench query with every rule on', async () => {
      allOn = await answersWith(sample, []);
      assert.ok(allOn.size >= 20);
      // The sample holds what the rows look for: not every answer is empty.
      assert.ok([...allOn.values()].some((answer) => !answer.startsWith('{"total":0,')));
    });

    for (const rule of SEARCH_RULE_NAMES) {
      it(`answers the same with ${rule} off`, async () => {
        assert.ok(allOn !== undefined, 'the all-on run comes first');
        const off = await answersWith(sample, [rule]);
        for (const [name, answer] of allOn) assert.equal(off.get(name), answer, `${name} with ${rule} off`);
      });
    }
  });
}
