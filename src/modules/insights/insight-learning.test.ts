/**
 * The learner over both control-plane backends, with a scripted log reader: paging and the cycle cap, the read
 * position and templates kept across learners (a restart), merging, known errors, the look-back.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends, type OpenedControlPlane } from '../../../test/support/control-plane-backends.js';
import { createLogger } from '../../app/create-logger.js';
import { contractAccount } from '../../storage/conformance/repository.contract.js';
import { accountRepository } from '../accounts/index.js';
import { createManualClock } from '../../shared/clock.js';
import type { SearchCursor } from '../../storage/log-store.js';
import { PUBLIC_CI_CATALOG } from './catalog/public-ci-catalog.js';
import { createInsightLearning, FIRST_READ_BACK_MS, LOOK_BACK_MS, SETTLE_MS } from './insight-learning.js';
import { insightRepository } from './insight-repository.js';
import type { ReadWarnings, WarningLog } from './warning-log-reader.js';

const NOW = Date.UTC(2026, 10, 25, 12);
const ACCOUNT = 4242;

/** A reader over a fixed list of logs, honouring the window, the cursor (an index) and the page size. */
function scriptedReader(logs: WarningLog[], calls: { fromMs: number; toMs: number; cursor: SearchCursor | null }[]): ReadWarnings {
  return async ({ fromMs, toMs, cursor, limit }) => {
    calls.push({ fromMs, toMs, cursor });
    const inWindow = logs.filter((log) => log.timestampMs >= fromMs && log.timestampMs < toMs);
    const start = cursor === null ? 0 : Number(cursor.id) + 1;
    const page = inWindow.slice(start, start + limit);
    const last = start + page.length - 1;
    return {
      logs: page,
      cursor: page.length === 0 ? null : { values: [page.at(-1)!.timestampMs], id: String(last) },
      fetched: page.length,
    };
  };
}

for (const backend of controlPlaneBackends) {
  describe(`insight learning (${backend.name})`, () => {
    let opened: OpenedControlPlane;
    before(async () => {
      opened = await backend.open();
      await accountRepository.insert(opened.controlPlane.db, contractAccount(ACCOUNT));
    });
    after(async () => opened.dispose());

    it('reads from 24 h back on the first cycle, pages up to the cap, then resumes from the stored cursor', async () => {
      const db = opened.controlPlane.db;
      const clock = createManualClock(NOW);
      const logs: WarningLog[] = Array.from({ length: 25_000 }, (_, i) => ({
        timestampMs: NOW - 3_600_000 + i * 10,
        type: i % 2 === 0 ? 'app' : 'worker',
        level: i % 3 === 0 ? 'WARN' : 'ERROR',
        message: `Job ${i} failed with code ${i % 7}`,
      }));
      const calls: { fromMs: number; toMs: number; cursor: SearchCursor | null }[] = [];
      const learner = () =>
        createInsightLearning({
          db,
          clock,
          logger: createLogger('silent'),
          readWarnings: scriptedReader(logs, calls),
          accountIds: async () => [ACCOUNT],
          catalog: PUBLIC_CI_CATALOG,
        });
      const first = await learner().runCycle();
      assert.equal(first.logs, 20_000, 'at most 20 pages of 1,000 per cycle');
      assert.equal(calls[0]?.fromMs, NOW - FIRST_READ_BACK_MS);
      assert.equal(calls[0]?.toMs, NOW - SETTLE_MS);
      const state = await insightRepository.loadState(db, ACCOUNT);
      assert.equal(state?.fromMs, NOW - FIRST_READ_BACK_MS, 'the window is not done');
      assert.equal(state?.cursor?.id, '19999');
      const templates = state?.parser.templates.length ?? 0;
      assert.ok(templates >= 1 && templates <= 3, `templates: ${templates}`);

      // A new learner (a restart) continues after the cursor with the same templates.
      calls.length = 0;
      clock.advance(60_000);
      const second = await learner().runCycle();
      assert.equal(second.logs, 5_000);
      assert.equal(calls[0]?.cursor?.id, '19999');
      const after = await insightRepository.loadState(db, ACCOUNT);
      assert.equal(after?.fromMs, NOW + 60_000 - SETTLE_MS, 'window done: the next starts where this one ended');
      assert.equal(after?.cursor, null);
      assert.equal(after?.parser.templates.length, templates, 'no template relearned');
      const insights = await insightRepository.inWindow(db, ACCOUNT, 0, NOW * 2);
      assert.equal(
        insights.reduce((sum, insight) => sum + insight.count, 0),
        25_000,
        'every log counted once',
      );
      const [job] = insights;
      assert.equal(job?.insightType, 'LOGCEPTION');
      assert.deepEqual(job?.logTypes, ['app', 'worker']);
      assert.equal(job?.firstOccurrence, NOW - 3_600_000);
      assert.equal(job?.tagName, 'error');
    });

    it('records known errors as PUBLIC_CI only, and forgets insights after the look-back', async () => {
      const db = opened.controlPlane.db;
      const clock = createManualClock(NOW + 3_600_000);
      const logs: WarningLog[] = [1, 2].map((n) => ({
        timestampMs: NOW + 3_000_000 + n,
        type: 'nginx',
        level: 'error',
        message: `2026/11/25 12:50:00 [error] 7#7: *${n} upstream timed out (110: Connection timed out) while reading response header from upstream`,
      }));
      const learning = createInsightLearning({
        db,
        clock,
        logger: createLogger('silent'),
        readWarnings: scriptedReader(logs, []),
        accountIds: async () => [ACCOUNT],
        catalog: PUBLIC_CI_CATALOG,
      });
      await learning.runCycle();
      const [known] = await insightRepository.inWindow(db, ACCOUNT, NOW + 3_000_000, NOW + 3_600_000);
      assert.equal(known?.insightId, 'P-nginx-upstream-timed-out');
      assert.equal(known?.count, 2);
      clock.advance(LOOK_BACK_MS + 1);
      await learning.runCycle();
      assert.deepEqual(await insightRepository.inWindow(db, ACCOUNT, 0, Number.MAX_SAFE_INTEGER), []);
    });
  });
}
