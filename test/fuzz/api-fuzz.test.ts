/**
 * The seeded fuzz sample of CI: every route of the served OpenAPI document, valid bodies first and then mutated
 * ones; not one 5xx outside the known-defect list, and the service healthy afterwards. The long run is `npm run fuzz`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fuzzService } from './fuzz-sample.js';

const SEED = Number(process.env.LOGWARD_FUZZ_SEED ?? 20261125);
const CASES_PER_ROUTE = Number(process.env.LOGWARD_FUZZ_CASES ?? 4);

describe('API fuzz from the OpenAPI document (seeded sample)', () => {
  it(`answers no 5xx to ${CASES_PER_ROUTE} cases per route (seed ${SEED}) and stays healthy`, async (t) => {
    const { report, healthAfter } = await fuzzService({ seed: SEED, casesPerRoute: CASES_PER_ROUTE, concurrency: 4 });
    t.diagnostic(
      `${report.cases} cases over ${report.routes} routes in ${Math.round(report.durationMs / 1000)} s: ${JSON.stringify(report.statuses)}; known defects ${report.known.length}`,
    );
    assert.ok(report.routes >= 90, `the OpenAPI document lists only ${report.routes} routes`);
    assert.ok((report.statuses['200'] ?? 0) > report.routes / 2, 'valid bodies mostly succeed (the generator follows the schemas)');
    assert.deepEqual(report.failures, [], 'answers of 5xx or dropped connections');
    assert.deepEqual(healthAfter, { alive: true, health: 200, whoami: 200, search: 200 });
  });
});
