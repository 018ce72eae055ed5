/**
 * Replays Quickwit's Elasticsearch-compatibility scenarios (expectations checked against real Elasticsearch)
 * against Logward: data through our `_bulk` listener, every step that applies to Elasticsearch through the
 * Elasticsearch-compatible API over real HTTP. Bar: 90 % of the applicable steps.
 * `LOGWARD_WRITE_COMPAT_DOC=1` rewrites docs/compatibility.md from the outcomes.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { datasetsDir } from '../support/datasets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { KNOWN_FAILURE_REASONS } from './quickwit/known-failures.js';
import { compatibilityReport, runSetup, runSteps, type StepOutcome, type Targets } from './quickwit/runner.js';
import { readScenarioFolders, type ScenarioFolder } from './quickwit/scenario.js';

/** Where docs/compatibility.md's hand-written part (the Logz.io API) starts. */
const HAND_WRITTEN = '<!-- hand-written below: kept when the Elasticsearch part above is generated -->';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const suiteRoot = path.join(datasetsDir(), 'quickwit-es-compat');
const PASS_BAR = 0.9;

function folders(): ScenarioFolder[] {
  return (
    ['es_compatibility', 'es_compatibility_info', 'es_field_capabilities']
      .flatMap((name) => readScenarioFolders(path.join(suiteRoot, name)))
      // The `_bulk` sub-suite exercises the ingest API (its own tests cover it), not the read API.
      .filter((folder) => folder.name !== 'es_compatibility/bulk')
  );
}

const backend = controlPlaneBackends[0];
describe('Quickwit Elasticsearch-compatibility scenarios', () => {
  let t: TestApp;
  let targets: Targets;
  const outcomes: StepOutcome[] = [];

  before(async () => {
    assert.ok(backend !== undefined);
    t = await startTestApp({ backend });
    const { listenerUrl } = await t.listen();
    const address = t.api.server.address();
    assert.ok(address !== null && typeof address === 'object');
    // An Elasticsearch client's base URL: the whole ES-compatible API lives there (decision 0300).
    targets = {
      apiUrl: `http://127.0.0.1:${address.port}/v1/elasticsearch`,
      apiToken: t.apiToken,
      listenerUrl,
      shippingToken: t.shippingToken,
    };
    // Each folder's data arrives just before its steps, as the suite's setup/teardown cycle would have it
    // (Logward keeps no index management to delete a folder's data afterwards).
    for (const folder of folders()) {
      await runSetup(folder, targets);
      outcomes.push(...(await runSteps(folder, targets)));
    }
  });
  after(async () => t.close());

  it(`passes at least ${PASS_BAR * 100} % of the applicable steps`, () => {
    if (process.env.LOGWARD_WRITE_COMPAT_DOC === '1') {
      // The Logz.io API part below HAND_WRITTEN is kept: only the Elasticsearch part is generated.
      const file = path.join(repoRoot, 'docs/compatibility.md');
      const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
      const at = current.indexOf(HAND_WRITTEN);
      fs.writeFileSync(file, `${compatibilityReport(outcomes, KNOWN_FAILURE_REASONS)}${at < 0 ? '' : `\n${current.slice(at)}`}`);
    }
    const passed = outcomes.filter((o) => o.passed).length;
    const failing = outcomes.filter((o) => !o.passed).map((o) => `${o.id}: ${o.reason ?? ''}`);
    assert.ok(outcomes.length > 300, `only ${outcomes.length} steps ran`);
    assert.ok(passed / outcomes.length >= PASS_BAR, `${passed}/${outcomes.length} passed; failing:\n${failing.join('\n')}`);
  });
});
