import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { convertHitQuery, hitsOfNdjson, kqlToLucene, ndjsonOfHits } from '../../web/src/objects/kql.js';

describe('KQL of imported saved objects', () => {
  it('converts the KQL saved searches use into Lucene', () => {
    const cases: [string, string][] = [
      // Reads the same in Lucene: kept as it is.
      ['level: error', 'level: error'],
      ['level: error and host: "web-1"', 'level: error AND host: "web-1"'],
      ['not status: 200 or method: POST', 'NOT status: 200 OR method: POST'],
      ['status: (500 or 503)', 'status: (500 OR 503)'],
      ['latency >= 250 and path : /api*', 'latency:>=250 AND path:/api*'],
      ['"card declined and more"', '"card declined and more"'],
    ];
    for (const [kql, lucene] of cases) assert.deepEqual(kqlToLucene(kql), { ok: true, lucene }, kql);
  });

  it('refuses what it cannot convert, so the import warns instead of running it wrong', () => {
    const result = kqlToLucene('user: { name: "a" }');
    assert.equal(result.ok, false);
  });

  it('rewrites a KQL hit to Lucene and says so; leaves Lucene alone', () => {
    const hit = (language: string) => ({
      _id: 'search:s1',
      _source: {
        type: 'search',
        search: {
          title: 'Errors',
          kibanaSavedObjectMeta: {
            searchSourceJSON: JSON.stringify({ query: { query: 'level: error and not host: web-1', language }, filter: [] }),
          },
        },
      },
    });
    const converted = convertHitQuery(hit('kuery'));
    assert.match(converted.note ?? '', /converted to Lucene “level: error AND NOT host: web-1”/);
    const source = converted.hit._source as { search: { kibanaSavedObjectMeta: { searchSourceJSON: string } } };
    assert.deepEqual(JSON.parse(source.search.kibanaSavedObjectMeta.searchSourceJSON).query, {
      query: 'level: error AND NOT host: web-1',
      language: 'lucene',
    });
    assert.equal(convertHitQuery(hit('lucene')).note, undefined);
  });

  it('reads Kibana NDJSON (skipping the summary line) and writes it back', () => {
    const ndjson = `{"id":"v1","type":"visualization","attributes":{"title":"V"},"references":[]}\n{"exportedCount":1,"missingRefCount":0}\n`;
    const hits = hitsOfNdjson(ndjson);
    assert.deepEqual(hits, [
      { _id: 'visualization:v1', _type: '_doc', _source: { type: 'visualization', visualization: { title: 'V' }, references: [] } },
    ]);
    assert.equal(ndjsonOfHits(hits), '{"id":"v1","type":"visualization","attributes":{"title":"V"},"references":[]}');
  });
});
