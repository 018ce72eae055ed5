import type { BucketOrder, NamedAggregation } from '../ast.js';
import { dslError } from '../dsl/dsl-error.js';
import { arrayOrSingle, child, readEnum, singleEntry } from '../dsl/json-reader.js';

const AGGREGATION_PATH = /^([^.[\]>]+)(?:\.([^.[\]]+)|\[([^\]]+)\])?$/;

/**
 * `order`: `{"_count": "desc"}`, `{"_key": "asc"}` (legacy `_term`/`_time`), `{"<sub-agg>": "desc"}`,
 * `{"<stats-agg>.max": "asc"}` / `{"<stats-agg>[max]": …}`, or a list of these. A referenced sub-aggregation must
 * exist. `_key` ascending is appended as the final tie breaker, as ES does.
 */
export function readBucketOrder(
  value: unknown,
  path: string,
  subAggregations: readonly NamedAggregation[],
  fallback: readonly BucketOrder[],
): BucketOrder[] {
  if (value === undefined) return [...fallback];
  const orders = arrayOrSingle(value).map((entry, index): BucketOrder => {
    const at = Array.isArray(value) ? child(path, index) : path;
    const [key, direction] = singleEntry(entry, at, 'order');
    const order = readEnum(direction, child(at, key), ['asc', 'desc']);
    if (key === '_count') return { by: '_count', order };
    if (key === '_key' || key === '_term' || key === '_time') return { by: '_key', order };
    const match = AGGREGATION_PATH.exec(key);
    const name = match?.[1];
    if (match === null || name === undefined || !subAggregations.some((sub) => sub.name === name)) {
      throw dslError(child(at, key), `invalid order path [${key}]: no sub-aggregation named [${name ?? key}]`);
    }
    return { by: 'aggregation', aggregation: name, metric: match[2] ?? match[3] ?? null, order };
  });
  if (!orders.some((order) => order.by === '_key')) orders.push({ by: '_key', order: 'asc' });
  return orders;
}
