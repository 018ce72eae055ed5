/** Plans as data: which row sets, page, count and aggregation rows a search gets, and what a rule switched off changes. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseSearchRequest } from '../../../../query/index.js';
import type { CatalogFieldType } from '../../../log-store.js';
import type { SearchCatalogField } from '../../field-catalog.js';
import { queryHelpers } from '../compile/query-helpers.js';
import { FieldCatalog } from '../fields/field-access.js';
import { ALL_SEARCH_RULES_ON, searchRules, type SearchRules } from '../rules/search-rules.js';
import { planSearch } from './plan-search.js';
import { countSql, rowSetsSql } from './render-statements.js';
import type { SearchPlan } from './search-plan.js';

// Midnight: the scope is whole days (day-counts can answer).
const NOW = Date.UTC(2026, 11, 7);
const field = (name: string, type: CatalogFieldType, plainText: boolean): SearchCatalogField => ({
  name,
  type,
  conflictingTypes: [],
  inArrays: false,
  plainText,
});
/** Real logs: some message and some field text the index tokenizes otherwise than the analyzer. */
const MIXED = [field('message', 'text', false), field('user_agent', 'text', false), field('status', 'long', true)];
/** Every message and field plain: the indexes decide every row alone. */
const PLAIN = [field('message', 'text', true), field('user_agent', 'text', true), field('status', 'long', true)];

const plan = (
  body: Record<string, unknown>,
  options: { catalog?: readonly SearchCatalogField[]; rules?: SearchRules; wordCounts?: boolean } = {},
): SearchPlan =>
  planSearch({
    query: {
      scope: { accounts: [{ accountId: 7, fromMs: NOW - 86_400_000 }], toMs: NOW, types: null, filter: null },
      request: parseSearchRequest(body, { now: NOW, profile: 'elasticsearch' }),
      receivedAtMostMs: null,
      after: null,
    },
    table: 'logs',
    catalog: new FieldCatalog([options.catalog ?? MIXED]),
    helpers: queryHelpers,
    lookupTables: new Map(),
    rules: options.rules ?? ALL_SEARCH_RULES_ON,
    wordCounts: options.wordCounts ?? false,
  });

const NEWEST_50 = { size: 50, sort: [{ '@timestamp': 'desc' }], track_total_hits: true };

describe('planSearch', () => {
  it('splits a field-less word on real logs by both plain flags, and pages by timestamp from a window', () => {
    const p = plan({ ...NEWEST_50, query: { query_string: { query: 'timeout' } } });
    assert.deepEqual(p.facts, { readsMessage: true, usesPlainColumns: { message: true, fields: true } });
    assert.equal(p.rows.split?.by, 'message-and-fields');
    assert.notEqual(p.indexSuperset, null);
    // The other rows are led by the superset (index-superset).
    assert.ok(p.rows.split?.other.startsWith(`${p.indexSuperset ?? ''} AND `));
    assert.equal(p.page.kind, 'timestamp-page');
    assert.ok(p.page.kind === 'timestamp-page' && p.page.window !== null && !p.page.direct);
    assert.deepEqual(p.page.kind === 'timestamp-page' ? p.page.window?.words : null, ['timeout']);
    assert.equal(p.hits.branches.length, 2);
    assert.equal(p.count.kind, 'statement');
  });

  it('needs no split where every message and field is plain', () => {
    const p = plan({ ...NEWEST_50, query: { query_string: { query: 'timeout' } } }, { catalog: PLAIN });
    assert.deepEqual(p.facts.usesPlainColumns, { message: false, fields: false });
    assert.equal(p.rows.split, null);
    assert.deepEqual(rowSetsSql(p.rows), [p.rows.all]);
  });

  it('changes the plan as each rule switched off says', () => {
    const body = { ...NEWEST_50, query: { query_string: { query: 'timeout' } } };
    // Without plain-fields-rows the rows split by message_plain alone.
    assert.equal(plan(body, { rules: searchRules(['plain-fields-rows']) }).rows.split?.by, 'message');
    assert.equal(plan(body, { rules: searchRules(['plain-fields-rows', 'plain-message-rows']) }).rows.split, null);
    const noSuperset = plan(body, { rules: searchRules(['index-superset']) });
    assert.equal(noSuperset.indexSuperset, null);
    assert.equal(noSuperset.rows.split?.other.startsWith('('), true);
    const noWindow = plan(body, { rules: searchRules(['word-window']) }).page;
    assert.ok(noWindow.kind === 'timestamp-page' && noWindow.window === null);
    assert.equal(plan(body, { rules: searchRules(['timestamp-page']) }).page.kind, 'timestamp-bound');
    assert.equal(plan(body, { rules: searchRules(['timestamp-page', 'timestamp-bound']) }).page.kind, 'plain');
  });

  it('reads a page directly where no test reads message, and runs a one-test count without PREWHERE', () => {
    const p = plan({ ...NEWEST_50, query: { term: { status: 500 } } });
    assert.equal(p.facts.readsMessage, false);
    assert.ok(p.page.kind === 'timestamp-page' && p.page.direct && p.page.window === null);
    assert.ok(p.count.kind === 'statement' && p.count.statement.settings?.optimize_move_to_prewhere === 0);
    const off = plan({ ...NEWEST_50, query: { term: { status: 500 } } }, { rules: searchRules(['direct-page', 'one-test-count']) });
    assert.ok(off.page.kind === 'timestamp-page' && !off.page.direct);
    assert.ok(off.count.kind === 'statement' && off.count.statement.settings === undefined);
  });

  it('chooses the count: word counts for one word, the message subset for a bounded count, none untracked', () => {
    const word = { ...NEWEST_50, query: { query_string: { query: 'timeout' } } };
    const counted = plan(word, { wordCounts: true }).count;
    assert.ok(counted.kind === 'word-counts' && counted.otherwise.kind === 'statement');
    assert.equal(plan(word, { wordCounts: true, rules: searchRules(['word-counts']) }).count.kind, 'statement');
    const bounded = plan({ ...word, track_total_hits: 10_000 }, { wordCounts: true }).count;
    assert.ok(bounded.kind === 'message-subset' && bounded.statement.limit === 10_001);
    assert.match(countSql(plan({ ...word, track_total_hits: 10_000 }), 10_001), /LIMIT 10001\)\) \+ \(SELECT count\(\)/);
    assert.equal(
      plan({ ...word, query: { bool: { must_not: [{ query_string: { query: 'timeout' } }] } }, track_total_hits: 10_000 }).count.kind,
      'statement',
    );
    assert.equal(plan({ ...word, track_total_hits: false }).count.kind, 'none');
  });

  it('starts a first page ranked by differing scores from the best score, and counts there', () => {
    const p = plan({ size: 10, query: { match: { message: 'connection refused' } } });
    assert.equal(p.scoring, true);
    // Ranked by score, fewer than a page sharing the best: every match ranked (no timestamp leads the sort).
    assert.ok(p.page.kind === 'top-score' && p.page.otherwise.kind === 'plain');
    assert.equal(p.count.kind, 'top-score');
    assert.equal(
      plan({ size: 10, query: { match: { message: 'connection refused' } } }, { rules: searchRules(['top-score-page']) }).page.kind,
      'plain',
    );
    // Every match scoring the same: the tie-breakers' order, newest first, bounded by timestamp.
    assert.equal(plan({ size: 10, query: { match_phrase: { message: 'connection refused' } } }).page.kind, 'timestamp-bound');
  });

  it('reads split aggregations from both row sets, and whole days of everything from the day counts', () => {
    const aggs = { hist: { date_histogram: { field: '@timestamp', fixed_interval: '30m' } } };
    const split = plan({ ...NEWEST_50, query: { query_string: { query: 'timeout' } }, aggs });
    assert.equal(split.aggregations?.rows.kind, 'split');
    // A histogram ordered by key (what the parser writes) is not known to count every hit; a root metric is.
    assert.equal(split.aggregations?.countsHits, false);
    assert.equal(split.count.kind, 'statement');
    const metric = plan({ ...NEWEST_50, query: { query_string: { query: 'timeout' } }, aggs: { top: { max: { field: 'status' } } } });
    assert.ok(metric.count.kind === 'from-aggregations' && metric.aggregations?.countsHits === true);
    const filtered = plan({ ...NEWEST_50, query: { query_string: { query: 'timeout' } }, aggs, post_filter: { term: { status: 500 } } });
    assert.equal(filtered.aggregations?.rows.kind, 'table');
    const off = plan({ ...NEWEST_50, query: { query_string: { query: 'timeout' } }, aggs }, { rules: searchRules(['split-aggregations']) });
    assert.equal(off.aggregations?.rows.kind, 'table');
    const days = plan({ size: 0, aggs: { t: { terms: { field: 'status' } } } });
    assert.notEqual(days.aggregations?.wholeDaysWhere, null);
    assert.equal(
      plan({ size: 0, aggs: { t: { terms: { field: 'status' } } } }, { rules: searchRules(['day-counts']) }).aggregations?.wholeDaysWhere,
      null,
    );
    // Rule field-presence: the runner answers a filters aggregation of `exists` tests in one pass (field-presence.test.ts).
    const presence = { size: 0, aggs: { present: { filters: { filters: { a: { exists: { field: 'status' } } } } } } };
    assert.equal(plan(presence).aggregations?.fieldPresence, true);
    assert.equal(plan(presence, { rules: searchRules(['field-presence']) }).aggregations?.fieldPresence, false);
  });

  it('notes facts of the WHERE only: tests that only score do not count', () => {
    const negative = plan({
      ...NEWEST_50,
      query: { boosting: { positive: { term: { status: 500 } }, negative: { match: { message: 'timeout' } }, negative_boost: 0.5 } },
    });
    assert.equal(negative.facts.readsMessage, false);
    const should = plan({
      ...NEWEST_50,
      query: { bool: { must: [{ term: { status: 500 } }], should: [{ match: { message: 'timeout' } }] } },
    });
    assert.equal(should.facts.readsMessage, false);
    const required = plan({ ...NEWEST_50, query: { bool: { should: [{ match: { message: 'timeout' } }] } } });
    assert.equal(required.facts.readsMessage, true);
  });
});
