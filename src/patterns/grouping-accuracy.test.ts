import assert from 'node:assert/strict';
import { test } from 'node:test';
import { groupingAccuracy } from './grouping-accuracy.js';

test('a line counts only when its predicted group is exactly its true group', () => {
  assert.equal(groupingAccuracy(['a', 'a', 'b'], ['1', '1', '2']), 1);
  // b merged into a's group: all three lines score zero.
  assert.equal(groupingAccuracy(['a', 'a', 'b'], ['1', '1', '1']), 0);
  // a split in two: both of a's lines score zero, b still counts.
  assert.equal(groupingAccuracy(['a', 'a', 'b'], ['1', '2', '3']), 1 / 3);
  // Labels are names, not values: any renaming scores the same.
  assert.equal(groupingAccuracy(['x', 'y', 'x'], ['7', '9', '7']), 1);
});

test('truth and prediction must label the same lines', () => {
  assert.throws(() => groupingAccuracy(['a'], []), RangeError);
});
