import type { SeededRandom } from '../support/seeded-random.js';

/** A body as sent: JSON text (maybe invalid), the content type, and what was done to it. */
export interface FuzzBody {
  readonly mutation: string;
  readonly payload: string | Buffer | undefined;
  readonly contentType: string | undefined;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const EXTREME_NUMBERS: readonly Json[] = [
  0,
  -1,
  -0.5,
  0.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  2 ** 63,
  -(2 ** 63),
  4294967296,
  1e-320,
  1.2345678901234568e29,
];
const EXTREME_STRINGS = (rand: SeededRandom): readonly string[] => [
  '',
  ' ',
  'a'.repeat(rand.pick([256, 4_097, 70_000, 300_000])),
  'nul\u0000inside',
  'rtl\u202eoverride',
  '😀🔥👩‍👩‍👧'.repeat(50),
  '\uD800 lone surrogate',
  '../../../../etc/passwd',
  "'; DROP TABLE accounts; --",
  "') OR 1=1 --",
  '{{7*7}}${7*7}<script>alert(1)</script>',
  '*:* OR '.repeat(rand.int(10, 2_000)) + 'x',
  '((((((((((((((((((((a',
  '"unterminated',
  'field:[* TO',
  '\\u0000\\',
  'true',
  '12',
  '-1',
  'null',
  'NaN',
  '1e308',
  String.fromCharCode(...Array.from({ length: 64 }, () => rand.int(0, 0x2fff))),
];

function wrongTypeFor(value: Json, rand: SeededRandom): Json {
  const all: Json[] = ['fuzz', 42, -7.5, true, false, null, [], {}, ['a', 1], { nested: { x: 1 } }];
  const differing = all.filter((candidate) => typeof candidate !== typeof value || Array.isArray(candidate) !== Array.isArray(value));
  return rand.pick(differing);
}

/** Nesting as text: the server's parser and validators meet it, the fuzzer's own stack does not. */
function deepNest(depth: number, rand: SeededRandom): string {
  const open: string[] = [];
  const close: string[] = [];
  for (let i = 0; i < depth; i += 1) {
    const array = rand.chance(0.5);
    open.push(array ? '[' : `{"${rand.pick(['a', 'bool', 'must', 'query', 'aggs'])}":`);
    close.push(array ? ']' : '}');
  }
  return `${open.join('')}${rand.pick(['"leaf"', '1', 'null'])}${close.reverse().join('')}`;
}

/** Every [container, key] pair inside `root`, so a mutation can target any node. */
function slots(root: Json): Array<{ parent: Json[] | { [key: string]: Json }; key: string | number }> {
  const found: Array<{ parent: Json[] | { [key: string]: Json }; key: string | number }> = [];
  const walk = (node: Json): void => {
    if (Array.isArray(node)) {
      node.forEach((child, index) => {
        found.push({ parent: node, key: index });
        walk(child);
      });
    } else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        found.push({ parent: node, key });
        walk(child);
      }
    }
  };
  walk(root);
  return found;
}

function setSlot(slot: { parent: Json[] | { [key: string]: Json }; key: string | number }, value: Json): void {
  (slot.parent as Record<string | number, Json>)[slot.key] = value;
}

const MUTATIONS = [
  'wrong-type',
  'missing-field',
  'extra-field',
  'extreme-number',
  'extreme-string',
  'deep-nesting',
  'random-bytes',
  'broken-json',
  'other-top-level',
  'empty-body',
  'wrong-content-type',
  'duplicate-and-proto-keys',
] as const;
export type Mutation = (typeof MUTATIONS)[number];

/** A mutated version of a valid body (null when the route takes none: the mutation then invents one). */
export function mutateBody(valid: unknown, rand: SeededRandom): FuzzBody {
  const mutation = rand.pick(MUTATIONS);
  const body = structuredClone(valid ?? {}) as Json;
  const targets = slots(body);
  const json = (value: Json): FuzzBody => ({ mutation, payload: JSON.stringify(value), contentType: 'application/json' });
  switch (mutation) {
    case 'wrong-type': {
      if (targets.length === 0) return json(wrongTypeFor(body, rand));
      const slot = rand.pick(targets);
      setSlot(slot, wrongTypeFor((slot.parent as Record<string | number, Json>)[slot.key] ?? null, rand));
      return json(body);
    }
    case 'missing-field': {
      const objectSlots = targets.filter((slot) => !Array.isArray(slot.parent));
      if (objectSlots.length > 0) {
        const slot = rand.pick(objectSlots);
        delete (slot.parent as Record<string, Json>)[slot.key as string];
      }
      return json(body);
    }
    case 'extra-field': {
      const objects = [body, ...targets.map((slot) => (slot.parent as Record<string | number, Json>)[slot.key] ?? null)].filter(
        (node): node is { [key: string]: Json } => node !== null && typeof node === 'object' && !Array.isArray(node),
      );
      if (objects.length > 0)
        rand.pick(objects)[rand.pick(['extra', 'accountId', 'id', '$where', 'script', 'size'])] = rand.pick<Json>(['x', 1, true, { a: 1 }]);
      return json(body);
    }
    case 'extreme-number':
      if (targets.length === 0) return json(rand.pick(EXTREME_NUMBERS));
      setSlot(rand.pick(targets), rand.pick(EXTREME_NUMBERS));
      return json(body);
    case 'extreme-string':
      if (targets.length === 0) return json(rand.pick(EXTREME_STRINGS(rand)));
      setSlot(rand.pick(targets), rand.pick(EXTREME_STRINGS(rand)));
      return json(body);
    case 'deep-nesting': {
      const nested = deepNest(rand.pick([50, 500, 5_000, 50_000]), rand);
      if (targets.length === 0) return { mutation, payload: nested, contentType: 'application/json' };
      const marker = '__fuzz_nesting_marker__';
      setSlot(rand.pick(targets), marker);
      return { mutation, payload: JSON.stringify(body).replace(`"${marker}"`, nested), contentType: 'application/json' };
    }
    case 'random-bytes':
      return {
        mutation,
        payload: rand.bytes(rand.int(1, 2_048)),
        contentType: rand.pick(['application/json', 'application/x-ndjson', 'application/octet-stream']),
      };
    case 'broken-json': {
      const text = JSON.stringify(body);
      return {
        mutation,
        payload: text.slice(0, rand.int(0, Math.max(0, text.length - 1))) + rand.pick(['', '}', ',', '"', '\\']),
        contentType: 'application/json',
      };
    }
    case 'other-top-level':
      return json(rand.pick<Json>([[body], 'string', 12, null, true, []]));
    case 'empty-body':
      return { mutation, payload: rand.pick(['', undefined]), contentType: rand.pick(['application/json', undefined]) };
    case 'wrong-content-type':
      return {
        mutation,
        payload: JSON.stringify(body),
        contentType: rand.pick(['text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded']),
      };
    case 'duplicate-and-proto-keys': {
      const text = JSON.stringify(body);
      const injected = rand.pick(['"__proto__":{"admin":true}', '"constructor":{"prototype":{"x":1}}', '"a":1,"a":"dup"']);
      return {
        mutation,
        payload: text.startsWith('{') && text.length > 2 ? `{${injected},${text.slice(1)}` : `{${injected}}`,
        contentType: 'application/json',
      };
    }
  }
}

/** A hostile path or query parameter value. */
export function mutatedParam(rand: SeededRandom): string {
  return rand.pick([
    '-1',
    '0',
    '99999999999999999999',
    '1.5',
    '1e3',
    'NaN',
    'null',
    'abc',
    '%00',
    '..%2F..%2Fetc',
    '%2e%2e',
    '*',
    ',',
    '_all,-*',
    'a'.repeat(rand.int(300, 5_000)),
    '%E2%80%AE',
    '%F0%9F%98%80',
    '%ZZ',
    '%',
    "'",
    '"',
    '[]',
    '{}',
    `${rand.int(1, 2 ** 31)}`,
    ' ',
  ]);
}
