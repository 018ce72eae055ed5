/**
 * Every bench:search query runs on a sample of both data sets (bench/bench-datasets.ts) through the API, as the bench
 * sends it; on the real set, the totals of the rows that say what they hold (a common word, a rare token, a word in
 * no log, a phrase) are the counts the census chose them by.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BENCH_DATASETS, datasetSample, sampleDocuments, type DatasetSample } from '../../bench/bench-datasets.js';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { createManualClock, startTestApp, type TestApp } from '../support/test-app.js';

const backend = controlPlaneBackends[0];
const SAMPLE_LOGS = 12_000;

interface Answer {
  readonly hits: { readonly total?: number | { readonly value: number }; readonly hits: readonly unknown[] };
}

for (const dataset of BENCH_DATASETS) {
  describe(`bench:search's queries on the ${dataset} sample`, () => {
    assert.ok(backend !== undefined);
    const sample: DatasetSample = datasetSample(dataset, { count: SAMPLE_LOGS });
    let t: TestApp;

    before(async () => {
      t = await startTestApp({ backend, clock: createManualClock(sample.nowMs) });
      await t.app.logStore.append(sampleDocuments(sample, t.mainAccountId), {
        dedupToken: `sample-${dataset}`,
        retentionDaysOf: () => 3650,
      });
    });
    after(() => t.close());

    const total = async (path: string, body: unknown): Promise<number> => {
      const response = await t.api.inject({ method: 'POST', url: path, headers: { 'x-api-token': t.apiToken }, payload: body as object });
      assert.equal(response.statusCode, 200, `${path} ${JSON.stringify(body)}: ${response.body}`);
      const { total } = response.json<Answer>().hits;
      // A query sent with `track_total_hits: false` (Discover's field presence) is answered without a total.
      return total === undefined ? 0 : typeof total === 'number' ? total : total.value;
    };

    it('answers every query and its on-message twin', async () => {
      assert.ok(sample.queries.length >= 20);
      for (const query of sample.queries) {
        await total(query.path, query.body);
        if (query.onMessage !== null) await total(query.path, query.onMessage);
      }
    });

    if (dataset === 'real') {
      it('finds what the census counted', async () => {
        const words = sample.words;
        assert.ok(words !== undefined);
        const sized0 = (prefix: string) => {
          const query = sample.queries.find((q) => q.name.startsWith(prefix) && q.name.endsWith('size 0'));
          assert.ok(query !== undefined, prefix);
          return total(query.path, query.body);
        };
        assert.equal(await sized0('common word "'), words.common.count);
        assert.equal(await sized0('rare token "'), words.rare.count);
        assert.equal(await sized0('word in no log'), 0);
        assert.equal(await sized0('two-word phrase'), words.phrase2.count);
        assert.equal(await sized0(`field host:`), words.host.count);
        assert.ok((await sized0('common word, 7 days')) > words.common.count, 'a week holds more than the last 24 hours');
      });
    }
  });
}
