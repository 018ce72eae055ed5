import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertLike as like } from '../../../test/support/assert-like.js';
import { DslError } from '../dsl/dsl-error.js';
import { parseAggregations } from './parse-aggregations.js';

const NOW = Date.parse('2026-11-21T12:34:56.789Z');
const es = { now: NOW, profile: 'elasticsearch' as const };
const logzio = { now: NOW, profile: 'logzio' as const };

describe('parseAggregations', () => {
  const cases: ReadonlyArray<{ name: string; aggs: unknown; expected: unknown }> = [
    {
      name: 'terms defaults',
      aggs: { hosts: { terms: { field: 'host.keyword' } } },
      expected: [
        {
          name: 'hosts',
          meta: null,
          aggregation: {
            kind: 'terms',
            field: 'host.keyword',
            size: 10,
            minDocCount: 1,
            missing: null,
            include: null,
            exclude: null,
            order: [
              { by: '_count', order: 'desc' },
              { by: '_key', order: 'asc' },
            ],
            aggregations: [],
          },
        },
      ],
    },
    {
      name: 'terms options and sub-aggregation order',
      aggs: {
        t: {
          terms: {
            field: 'status',
            size: 1000,
            shard_size: 5000,
            order: [{ 'b.max': 'desc' }, { _key: 'asc' }],
            min_doc_count: 0,
            missing: 'N/A',
            include: 'web-.*',
            exclude: ['web-3'],
          },
          aggs: { b: { stats: { field: 'bytes' } } },
          meta: { color: 'blue' },
        },
      },
      expected: [
        {
          meta: { color: 'blue' },
          aggregation: {
            kind: 'terms',
            size: 1000,
            minDocCount: 0,
            missing: 'N/A',
            include: { kind: 'regex', pattern: 'web-.*' },
            exclude: { kind: 'values', values: ['web-3'] },
            order: [
              { by: 'aggregation', aggregation: 'b', metric: 'max', order: 'desc' },
              { by: '_key', order: 'asc' },
            ],
            aggregations: [{ name: 'b', aggregation: { kind: 'stats', field: 'bytes' } }],
          },
        },
      ],
    },
    {
      name: 'terms order by _term (legacy)',
      aggs: { t: { terms: { field: 'a', order: { _term: 'desc' } } } },
      expected: [{ aggregation: { order: [{ by: '_key', order: 'desc' }] } }],
    },
    {
      name: 'terms partition',
      aggs: { t: { terms: { field: 'a', include: { partition: 1, num_partitions: 4 } } } },
      expected: [{ aggregation: { include: { kind: 'partition', partition: 1, numPartitions: 4 } } }],
    },
    {
      name: 'date_histogram fixed_interval with bounds',
      aggs: {
        h: {
          date_histogram: {
            field: '@timestamp',
            fixed_interval: '5m',
            min_doc_count: 1,
            extended_bounds: { min: 'now-1h', max: 'now' },
            time_zone: 'Europe/Paris',
            offset: '+1h',
            format: 'yyyy-MM-dd',
            keyed: true,
          },
        },
      },
      expected: [
        {
          aggregation: {
            kind: 'date_histogram',
            interval: { kind: 'fixed', ms: 300_000, original: '5m' },
            minDocCount: 1,
            extendedBounds: { min: { epochMs: NOW - 3_600_000, original: 'now-1h' }, max: { epochMs: NOW } },
            timeZone: 'Europe/Paris',
            offsetMs: 3_600_000,
            format: 'yyyy-MM-dd',
            keyed: true,
            order: [{ by: '_key', order: 'asc' }],
          },
        },
      ],
    },
    {
      name: 'date_histogram calendar_interval',
      aggs: { h: { date_histogram: { field: 't', calendar_interval: 'month' } } },
      expected: [{ aggregation: { interval: { kind: 'calendar', unit: 'month' }, minDocCount: 0 } }],
    },
    {
      name: 'date_histogram legacy interval (calendar)',
      aggs: { h: { date_histogram: { field: 't', interval: '1d' } } },
      expected: [{ aggregation: { interval: { kind: 'calendar', unit: 'day' } } }],
    },
    {
      name: 'date_histogram legacy interval (fixed)',
      aggs: { h: { date_histogram: { field: 't', interval: '30s' } } },
      expected: [{ aggregation: { interval: { kind: 'fixed', ms: 30_000 } } }],
    },
    {
      name: 'date_histogram legacy interval (ms)',
      aggs: { h: { date_histogram: { field: 't', interval: 60000 } } },
      expected: [{ aggregation: { interval: { kind: 'fixed', ms: 60_000 } } }],
    },
    {
      name: 'histogram',
      aggs: { h: { histogram: { field: 'bytes', interval: 100, offset: 5, min_doc_count: 1, extended_bounds: { min: 0, max: 1000 } } } },
      expected: [
        {
          aggregation: {
            kind: 'histogram',
            interval: 100,
            offset: 5,
            minDocCount: 1,
            extendedBounds: { min: 0, max: 1000 },
            hardBounds: null,
          },
        },
      ],
    },
    {
      name: 'range',
      aggs: { r: { range: { field: 'bytes', keyed: true, ranges: [{ to: 100 }, { from: 100, to: 200, key: 'mid' }, { from: 200 }] } } },
      expected: [
        {
          aggregation: {
            kind: 'range',
            keyed: true,
            ranges: [
              { key: null, from: null, to: 100 },
              { key: 'mid', from: 100, to: 200 },
              { key: null, from: 200, to: null },
            ],
          },
        },
      ],
    },
    {
      name: 'date_range with date math',
      aggs: {
        r: {
          date_range: {
            field: '@timestamp',
            format: 'yyyy-MM-dd',
            ranges: [{ from: 'now-10d/d', to: 'now/d', key: 'recent' }, { to: '2026-01-01' }],
          },
        },
      },
      expected: [
        {
          aggregation: {
            kind: 'date_range',
            ranges: [
              { key: 'recent', from: { epochMs: Date.parse('2026-11-11T00:00:00Z') }, to: { epochMs: Date.parse('2026-11-21T00:00:00Z') } },
              { key: null, from: null, to: { epochMs: Date.parse('2026-01-01T00:00:00Z') } },
            ],
          },
        },
      ],
    },
    {
      name: 'filters named with other bucket',
      aggs: {
        f: {
          filters: { other_bucket_key: 'rest', filters: { errors: { match: { level: 'error' } }, warnings: { term: { level: 'warn' } } } },
        },
      },
      expected: [
        {
          aggregation: {
            kind: 'filters',
            keyed: true,
            otherBucket: true,
            otherBucketKey: 'rest',
            filters: [
              { key: 'errors', query: { kind: 'match' } },
              { key: 'warnings', query: { kind: 'term' } },
            ],
          },
        },
      ],
    },
    {
      name: 'filters anonymous',
      aggs: { f: { filters: { filters: [{ match_all: {} }] } } },
      expected: [{ aggregation: { kind: 'filters', keyed: false, otherBucket: false, filters: [{ key: '0' }] } }],
    },
    {
      name: 'filter',
      aggs: { f: { filter: { term: { a: 1 } }, aggs: { n: { value_count: { field: 'a' } } } } },
      expected: [{ aggregation: { kind: 'filter', query: { kind: 'term' }, aggregations: [{ name: 'n' }] } }],
    },
    { name: 'missing', aggs: { m: { missing: { field: 'user' } } }, expected: [{ aggregation: { kind: 'missing', field: 'user' } }] },
    {
      name: 'avg with missing',
      aggs: { a: { avg: { field: 'bytes', missing: 0 } } },
      expected: [{ aggregation: { kind: 'avg', field: 'bytes', missing: 0 } }],
    },
    {
      name: 'extended_stats sigma',
      aggs: { s: { extended_stats: { field: 'bytes', sigma: 3 } } },
      expected: [{ aggregation: { kind: 'extended_stats', sigma: 3 } }],
    },
    {
      name: 'cardinality',
      aggs: { c: { cardinality: { field: 'user', precision_threshold: 100 } } },
      expected: [{ aggregation: { kind: 'cardinality', precisionThreshold: 100 } }],
    },
    {
      name: 'percentiles default',
      aggs: { p: { percentiles: { field: 'latency' } } },
      expected: [{ aggregation: { kind: 'percentiles', percents: [1, 5, 25, 50, 75, 95, 99], keyed: true } }],
    },
    {
      name: 'percentiles custom',
      aggs: { p: { percentiles: { field: 'latency', percents: [50, 99.9], keyed: false } } },
      expected: [{ aggregation: { percents: [50, 99.9], keyed: false } }],
    },
    {
      name: 'top_hits',
      aggs: { t: { top_hits: { size: 1, sort: [{ '@timestamp': { order: 'desc' } }], _source: { includes: ['message'] } } } },
      expected: [
        {
          aggregation: {
            kind: 'top_hits',
            size: 1,
            from: 0,
            sort: [{ kind: 'field', field: '@timestamp', order: 'desc' }],
            source: { enabled: true, includes: ['message'], excludes: [] },
          },
        },
      ],
    },
    {
      name: 'nested three levels deep',
      aggs: {
        a: {
          terms: { field: 'x' },
          aggregations: {
            b: {
              date_histogram: { field: 't', fixed_interval: '1h' },
              aggs: { c: { terms: { field: 'y' }, aggs: { d: { max: { field: 'z' } } } } },
            },
          },
        },
      },
      expected: [
        {
          aggregation: {
            aggregations: [
              {
                name: 'b',
                aggregation: {
                  aggregations: [{ name: 'c', aggregation: { aggregations: [{ name: 'd', aggregation: { kind: 'max' } }] } }],
                },
              },
            ],
          },
        },
      ],
    },
  ];
  for (const { name, aggs, expected } of cases) it(name, () => like(parseAggregations(aggs, es), expected));
});

describe('parseAggregations errors', () => {
  const cases: ReadonlyArray<{ name: string; aggs: unknown; path: string; message: RegExp; options?: typeof es | typeof logzio }> = [
    { name: 'script', aggs: { a: { avg: { script: 'doc.x' } } }, path: 'aggs.a.avg.script', message: /scripts are not supported/ },
    { name: 'no field', aggs: { a: { terms: {} } }, path: 'aggs.a.terms.field', message: /field is required/ },
    {
      name: 'unknown type',
      aggs: { a: { geohash_grid: { field: 'x' } } },
      path: 'aggs.a.geohash_grid',
      message: /unsupported aggregation type/,
    },
    { name: 'two types', aggs: { a: { avg: { field: 'x' }, max: { field: 'x' } } }, path: 'aggs.a', message: /one aggregation type/ },
    {
      name: 'metric with sub-aggregations',
      aggs: { a: { avg: { field: 'x' }, aggs: { b: { max: { field: 'y' } } } } },
      path: 'aggs.a.avg',
      message: /cannot accept sub-aggregations/,
    },
    {
      name: 'order on a missing sub-aggregation',
      aggs: { a: { terms: { field: 'x', order: { nope: 'desc' } } } },
      path: 'aggs.a.terms.order.nope',
      message: /no sub-aggregation named \[nope\]/,
    },
    {
      name: 'terms size over 1000',
      aggs: { a: { terms: { field: 'x', size: 1001 } } },
      path: 'aggs.a.terms.size',
      message: /at most 1000/,
    },
    {
      name: 'no interval',
      aggs: { a: { date_histogram: { field: 't' } } },
      path: 'aggs.a.date_histogram.calendar_interval',
      message: /is required/,
    },
    {
      name: 'bad calendar interval',
      aggs: { a: { date_histogram: { field: 't', calendar_interval: '2d' } } },
      path: 'aggs.a.date_histogram.calendar_interval',
      message: /invalid calendar_interval/,
    },
    {
      name: 'bad fixed interval',
      aggs: { a: { date_histogram: { field: 't', fixed_interval: '1M' } } },
      path: 'aggs.a.date_histogram.fixed_interval',
      message: /invalid fixed_interval/,
    },
    {
      name: 'bad date',
      aggs: { a: { date_range: { field: 't', ranges: [{ from: 'someday' }] } } },
      path: 'aggs.a.date_range.ranges[0].from',
      message: /failed to parse date/,
    },
    { name: 'unknown key', aggs: { a: { terms: { field: 'x', sise: 3 } } }, path: 'aggs.a.terms', message: /unknown key "sise"/ },
    { name: 'reserved name', aggs: { 'a>b': { avg: { field: 'x' } } }, path: 'aggs.a>b', message: /invalid aggregation name/ },
    {
      name: 'Logz.io: aggregation on message',
      aggs: { a: { terms: { field: 'message' } } },
      path: 'aggs.a.terms.field',
      message: /^This search can't be executed: \[.*message.*\]\. Please contact customer support for more details$/,
      options: logzio,
    },
    {
      name: 'Logz.io: terms size over 1000',
      aggs: { a: { terms: { field: 'x', size: 5000 } } },
      path: 'aggs.a.terms.size',
      message: /^This search can't be executed: \[aggregation size must not exceed 1000/,
      options: logzio,
    },
    {
      name: 'Logz.io: significant_terms',
      aggs: { a: { significant_terms: { field: 'x' } } },
      path: 'aggs.a.significant_terms',
      message: /^This search can't be executed/,
      options: logzio,
    },
  ];
  for (const { name, aggs, path, message, options = es } of cases) {
    it(name, () => {
      assert.throws(
        () => parseAggregations(aggs, options),
        (error: unknown) => error instanceof DslError && error.parameters.path === path && message.test(error.message),
      );
    });
  }
});
