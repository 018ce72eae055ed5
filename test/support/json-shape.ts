/**
 * Compares the shape of two JSON values: the same keys at every level and the same JSON type at every
 * leaf (what Go's encoding/json in the Terraform client cares about). Values themselves are ignored.
 * Two allowances mirror what that client accepts: a `null` in the fixture stands for a nullable field,
 * so any value matches it; an empty fixture array says nothing about its items.
 */
type JsonType = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object';

function jsonType(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  if (type === 'boolean' || type === 'number' || type === 'string' || type === 'object') return type;
  throw new Error(`not a JSON value: ${String(value)}`);
}

export function shapeMismatches(actual: unknown, expected: unknown, path = '$'): string[] {
  const expectedType = jsonType(expected);
  if (expectedType === 'null') return [];
  const actualType = jsonType(actual);
  if (actualType !== expectedType) return [`${path}: expected ${expectedType}, got ${actualType}`];
  if (expectedType === 'array') {
    const [sample] = expected as unknown[];
    if (sample === undefined) return [];
    return (actual as unknown[]).flatMap((item, index) => shapeMismatches(item, sample, `${path}[${index}]`));
  }
  if (expectedType !== 'object') return [];
  const actualObject = actual as Record<string, unknown>;
  const expectedObject = expected as Record<string, unknown>;
  const missing = Object.keys(expectedObject)
    .filter((key) => !(key in actualObject))
    .map((key) => `${path}.${key}: missing`);
  const nested = Object.keys(expectedObject)
    .filter((key) => key in actualObject)
    .flatMap((key) => shapeMismatches(actualObject[key], expectedObject[key], `${path}.${key}`));
  return [...missing, ...nested];
}
