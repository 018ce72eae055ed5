/**
 * The Quickwit scenario comparison: dict keys of `expected` are a subset of the response, lists match in length
 * and order, scalars are equal, `{$expect: <python>}` is a predicate on the value. The python predicates are a
 * closed set of ~25 forms; each is translated here by hand, and an untranslated one fails its step loudly.
 */

type Predicate = (val: unknown) => boolean;

const lengthOf = (val: unknown): number => {
  if (typeof val === 'string' || Array.isArray(val)) return val.length;
  if (val !== null && typeof val === 'object') return Object.keys(val).length;
  return Number.NaN;
};

const COMPARE: Readonly<Record<string, (a: number, b: number) => boolean>> = {
  '==': (a, b) => a === b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
};

const has = (val: unknown, key: string): boolean =>
  typeof val === 'string'
    ? val.includes(key)
    : Array.isArray(val)
      ? val.includes(key)
      : val !== null && typeof val === 'object' && key in val;

/** Python expression → JS predicate, or undefined when the form is not one we know. */
export function translateExpect(expression: string): Predicate | undefined {
  const text = expression.trim();
  let m = /^len\(val\)\s*(==|>=|<=|>|<)\s*(\d+)$/.exec(text);
  if (m !== null) {
    const [, op = '==', n = '0'] = m;
    return (val) => COMPARE[op]?.(lengthOf(val), Number(n)) ?? false;
  }
  m = /^val\s*(==|>=|<=|>|<)\s*(-?[\d.]+)$/.exec(text);
  if (m !== null) {
    const [, op = '==', n = '0'] = m;
    return (val) => typeof val === 'number' && (COMPARE[op]?.(val, Number(n)) ?? false);
  }
  m = /^(-?[\d.]+)\s*<\s*float\(val\[:-2\]\)\s*<\s*(-?[\d.]+)$/.exec(text);
  if (m !== null) {
    const low = Number(m[1]);
    const high = Number(m[2]);
    return (val) => typeof val === 'string' && low < Number(val.slice(0, -2)) && Number(val.slice(0, -2)) < high;
  }
  m = /^(not\s+)?'([^']*)'\s+in\s+val$/.exec(text);
  if (m !== null) {
    const negate = m[1] !== undefined;
    const key = m[2] ?? '';
    return (val) => has(val, key) !== negate;
  }
  m = /^val\s*(==|!=)\s*'([^']*)'$/.exec(text);
  if (m !== null) {
    const equal = m[1] === '==';
    const literal = m[2] ?? '';
    return (val) => (val === literal) === equal;
  }
  m = /^val\.startswith\('([^']*)'\)$/.exec(text);
  if (m !== null) {
    const prefix = m[1] ?? '';
    return (val) => typeof val === 'string' && val.startsWith(prefix);
  }
  m = /^abs\(val\s*-\s*(-?[\d.]+)\)\s*<\s*([\d.]+)$/.exec(text);
  if (m !== null) {
    const target = Number(m[1]);
    const tolerance = Number(m[2]);
    return (val) => typeof val === 'number' && Math.abs(val - target) < tolerance;
  }
  return undefined;
}

/** Why `actual` does not match `expected`, or null when it does. */
export function mismatch(expected: unknown, actual: unknown, at = '$'): string | null {
  if (expected !== null && typeof expected === 'object' && !Array.isArray(expected)) {
    const record = expected as Record<string, unknown>;
    if (typeof record.$expect === 'string') {
      const predicate = translateExpect(record.$expect);
      if (predicate === undefined) return `${at}: untranslated $expect ${record.$expect}`;
      if (!predicate(actual)) return `${at}: ${JSON.stringify(actual)?.slice(0, 120)} fails ${record.$expect}`;
    }
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) {
      const rest = Object.keys(record).filter((key) => key !== '$expect');
      return rest.length === 0 && '$expect' in record ? null : `${at}: expected an object, got ${JSON.stringify(actual)?.slice(0, 120)}`;
    }
    for (const [key, value] of Object.entries(record)) {
      if (key === '$expect') continue;
      const actualRecord = actual as Record<string, unknown>;
      if (!(key in actualRecord)) return `${at}.${key}: missing`;
      const inner = mismatch(value, actualRecord[key], `${at}.${key}`);
      if (inner !== null) return inner;
    }
    return null;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${at}: expected a list, got ${JSON.stringify(actual)?.slice(0, 120)}`;
    if (actual.length !== expected.length) return `${at}: expected ${expected.length} items, got ${actual.length}`;
    for (let i = 0; i < expected.length; i += 1) {
      const inner = mismatch(expected[i], actual[i], `${at}[${i}]`);
      if (inner !== null) return inner;
    }
    return null;
  }
  // Python compares 1 == 1.0 as equal; so does this.
  if (expected === actual) return null;
  return `${at}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)?.slice(0, 120)}`;
}

/** `$previous: 'val["_scroll_id"]'` → the value at that key of the previous response. */
export function resolvePrevious(value: unknown, previous: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => resolvePrevious(item, previous));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if (typeof record.$previous === 'string') {
    const keys = [...record.$previous.matchAll(/\["([^"]+)"\]/g)].map((m) => m[1] ?? '');
    return keys.reduce<unknown>(
      (node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      previous,
    );
  }
  return Object.fromEntries(Object.entries(record).map(([key, inner]) => [key, resolvePrevious(inner, previous)]));
}
