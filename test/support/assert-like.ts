import assert from 'node:assert/strict';

/**
 * Asserts that `actual` contains `expected`: every key of an expected object equals the same key of `actual`,
 * recursively; arrays must have the same length and match item by item. Keys `expected` leaves out are not
 * checked, so table-driven tests can state only what each case is about. (node:assert's partialDeepStrictEqual
 * needs Node 22.)
 */
export function assertLike(actual: unknown, expected: unknown, at = '$'): void {
  if (expected === null || typeof expected !== 'object') {
    assert.deepEqual(actual, expected, at);
    return;
  }
  assert.ok(actual !== null && typeof actual === 'object', `${at}: expected an object, got ${JSON.stringify(actual)}`);
  if (Array.isArray(expected)) {
    assert.ok(
      Array.isArray(actual) && actual.length === expected.length,
      `${at}: expected ${expected.length} items, got ${JSON.stringify(actual)}`,
    );
  }
  for (const [key, value] of Object.entries(expected)) assertLike((actual as Record<string, unknown>)[key], value, `${at}.${key}`);
}
