import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LookupMembers } from '../ast.js';
import { parseLuceneQuery } from '../clauses/query-string.js';
import { parseQuery } from './parse-query.js';
import { hasLookups, lookupReferences, resolveLookups } from './resolve-lookups.js';

const options = { now: 0, profile: 'elasticsearch' as const };

describe('lookup clause and resolution', () => {
  it('reads the DSL clause in its object and shorthand forms, and refuses a missing or empty list', () => {
    assert.deepEqual(parseQuery({ lookup: { client_ip: { list: 'bad ips', boost: 2 } } }, options), {
      kind: 'lookup',
      field: 'client_ip',
      list: 'bad ips',
      members: null,
      boost: 2,
    });
    assert.equal(parseQuery({ lookup: { client_ip: 'bad ips' } }, options).kind, 'lookup');
    assert.throws(() => parseQuery({ lookup: { client_ip: {} } }, options), /query\.lookup\.client_ip\.list/);
    assert.throws(() => parseQuery({ lookup: { client_ip: { list: ' ' } } }, options), /must not be empty/);
    assert.throws(() => parseQuery({ lookup: { client_ip: { list: 'x', other: 1 } } }, options), /unknown key "other"/);
  });

  it('resolves each reference once, anywhere in the tree, and leaves a query without lookups untouched', async () => {
    const query = parseQuery(
      {
        bool: {
          must: [{ query_string: { query: 'client_ip:lookup{"bad ips"} OR user:lookup{admins}' } }],
          must_not: [{ constant_score: { filter: { lookup: { client_ip: 'bad ips' } } } }],
        },
      },
      options,
    );
    assert.deepEqual(lookupReferences(query).sort(), ['admins', 'bad ips']);
    const calls: string[] = [];
    const resolved = await resolveLookups(query, (reference) => {
      calls.push(reference);
      return Promise.resolve<LookupMembers>({ listId: reference, values: [reference], networks: [] });
    });
    assert.deepEqual(calls.sort(), ['admins', 'bad ips']);
    const json = JSON.stringify(resolved);
    assert.ok(!json.includes('"members":null'), json);
    const plain = parseQuery({ term: { a: 'b' } }, options);
    assert.equal(hasLookups(plain), false);
    assert.equal(await resolveLookups(plain, () => Promise.reject(new Error('not called'))), plain);
  });

  it('needs a field in query_string', () => {
    assert.throws(() => parseLuceneQuery('lookup{"bad ips"}', options), /needs a field/);
  });
});
