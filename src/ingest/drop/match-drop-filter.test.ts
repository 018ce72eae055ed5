import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LogDocument } from '../../storage/log-store.js';
import { matchingDropFilter } from './match-drop-filter.js';

const log = (type: string, fields: LogDocument['fields'], message?: string): LogDocument => ({
  id: 'x',
  accountId: 1,
  timestampMs: 0,
  receivedAtMs: 0,
  type,
  message,
  fields,
  sizeBytes: 10,
});

describe('drop filter matching', () => {
  const health = {
    id: 'a',
    logType: 'nginx',
    conditions: [
      { fieldName: 'status', value: '200' },
      { fieldName: 'path', value: '/health' },
    ],
  };
  const debug = { id: 'b', logType: undefined, conditions: [{ fieldName: 'level', value: 'DEBUG' }] };

  it('needs the log type and every condition, whole values compared as text', () => {
    assert.equal(matchingDropFilter(log('nginx', { status: 200, path: '/health' }), [health])?.id, 'a');
    assert.equal(matchingDropFilter(log('nginx', { status: '200', path: '/health' }), [health])?.id, 'a');
    assert.equal(matchingDropFilter(log('apache', { status: 200, path: '/health' }), [health]), undefined);
    assert.equal(matchingDropFilter(log('nginx', { status: 200, path: '/health/deep' }), [health]), undefined);
    assert.equal(matchingDropFilter(log('nginx', { status: 200 }), [health]), undefined);
  });

  it('without a log type any type matches; message, type and nested (dotted) fields are fields too', () => {
    assert.equal(matchingDropFilter(log('app', { level: 'DEBUG' }), [health, debug])?.id, 'b');
    assert.equal(matchingDropFilter(log('app', { level: 'debug' }), [debug]), undefined);
    const byMessage = { id: 'm', logType: undefined, conditions: [{ fieldName: 'message', value: 'ping' }] };
    assert.equal(matchingDropFilter(log('app', {}, 'ping'), [byMessage])?.id, 'm');
    const nested = { id: 'n', logType: undefined, conditions: [{ fieldName: 'kubernetes.namespace', value: 'canary' }] };
    assert.equal(matchingDropFilter(log('app', { 'kubernetes.namespace': 'canary' }), [nested])?.id, 'n');
    assert.equal(
      matchingDropFilter(log('app', { tags: ['a', 'canary'] }), [{ ...nested, conditions: [{ fieldName: 'tags', value: 'canary' }] }])?.id,
      'n',
    );
  });
});
