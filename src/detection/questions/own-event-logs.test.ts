import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseQuery } from '../../query/index.js';
import { excludedEventLogTypes } from './own-event-logs.js';

const OWN = [
  { type: 'logward-alert', fields: ['service-alert', 'alertGroupBy'] },
  { type: 'toy-event', fields: ['toyRule'] },
];
const condition = (query: string) => parseQuery({ query_string: { query } }, { now: 0, profile: 'elasticsearch' });

describe('own event logs in questions', () => {
  it("leaves every kind's event logs out of a question that does not name them", () => {
    assert.deepEqual(excludedEventLogTypes(condition('*'), OWN), ['logward-alert', 'toy-event']);
    assert.deepEqual(excludedEventLogTypes(condition('level:ERROR AND host:web-1'), OWN), ['logward-alert', 'toy-event']);
  });

  it('counts them when the question names their type or a field only they carry', () => {
    assert.deepEqual(excludedEventLogTypes(condition('type:logward-alert'), OWN), ['toy-event']);
    assert.deepEqual(excludedEventLogTypes(condition('_exists_:service-alert'), OWN), ['toy-event']);
    assert.deepEqual(excludedEventLogTypes(condition('alertGroupBy.host:web-1'), OWN), ['toy-event']);
    assert.deepEqual(excludedEventLogTypes(condition('toyRule:7'), OWN), ['logward-alert']);
  });
});
