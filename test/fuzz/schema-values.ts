import type { SeededRandom } from '../support/seeded-random.js';

/** The part of an OpenAPI 3.0 schema object (as @fastify/swagger writes TypeBox schemas) the fuzzer reads. */
export interface Schema {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | Schema;
  readonly items?: Schema;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly anyOf?: readonly Schema[];
  readonly oneOf?: readonly Schema[];
  readonly allOf?: readonly Schema[];
  readonly nullable?: boolean;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number | boolean;
  readonly exclusiveMaximum?: number | boolean;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly pattern?: string;
  readonly format?: string;
  readonly default?: unknown;
}

/** Values the generator draws on so that valid bodies reach real records and real code paths. */
export interface ValueHints {
  /** Ids that exist (alerts, endpoints, users, accounts, tokens…), so `…Id` fields and path ids hit records. */
  readonly ids: readonly number[];
  /** A URL that refuses connections: outbound calls the fuzz causes never leave the machine. */
  readonly deadUrl: string;
}

const WORDS = ['error', 'login', 'alpha', 'nginx', 'timeout', 'user', 'fuzz', 'warn', 'info', 'payment'];
const QUERIES = [
  '*',
  'error',
  'level:error',
  'message:"login failed"',
  'n:[1 TO 5]',
  'NOT warn',
  'user:a* AND level:info',
  '_exists_:level',
  'fuzz OR alpha',
];
const STRING_CANDIDATES = ['fuzz', 'abc', 'Fuzz Name 1', 'fuzz-value_1', 'a1b2c3', 'fuzz@example.com', 'abcdefghijklmnopqrstuvwxyzABCDEF'];

function typeOf(schema: Schema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  if (typeof schema.type === 'string') return schema.type;
  if (schema.properties !== undefined) return 'object';
  if (schema.items !== undefined) return 'array';
  return undefined;
}

function matchesPattern(pattern: string | undefined, value: string): boolean {
  if (pattern === undefined) return true;
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    return true;
  }
}

function stringFor(schema: Schema, name: string, rand: SeededRandom, hints: ValueHints): string {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 64;
  const fits = (value: string): boolean => value.length >= min && value.length <= max && matchesPattern(schema.pattern, value);
  const lower = name.toLowerCase();
  const hinted: string[] = [];
  if (schema.format === 'email' || lower.includes('email') || lower === 'username') hinted.push(`fuzz${rand.int(0, 99_999)}@example.com`);
  if (lower.includes('url') || lower.includes('uri') || lower.includes('webhook')) hinted.push(hints.deadUrl);
  if (schema.format === 'date-time' || lower.includes('time') || lower.includes('date'))
    hinted.push(new Date(Date.UTC(2026, 0, 1) + rand.int(0, 86_400_000 * 300)).toISOString());
  if (lower.includes('query') || lower === 'q') hinted.push(rand.pick(QUERIES));
  if (lower.includes('cron')) hinted.push(rand.pick(['0 0/5 * * * ?', '0 0/5 9-17 ? * * *', '*/5 * * * *']));
  if (lower.includes('field') || lower === 'groupby' || lower === 'sort')
    hinted.push(rand.pick(['level', 'message', 'n', 'user', '@timestamp']));
  if (lower.includes('scroll') && !lower.includes('id')) hinted.push(rand.pick(['1m', '30s']));
  // Kibana's attributes hold JSON as text (visState, panelsJSON, searchSourceJSON …), and the API parses it.
  if (lower.endsWith('json') || lower === 'visstate') hinted.push(rand.pick(['{}', '[]', '{"filter":[]}']));
  const words = Array.from({ length: rand.int(1, 3) }, () => rand.pick(WORDS)).join(rand.pick([' ', '-', '_']));
  const random = `${words}${rand.int(0, 9_999)}`;
  for (const candidate of [...hinted, random, ...STRING_CANDIDATES]) if (fits(candidate)) return candidate;
  if (schema.pattern === undefined) return 'f'.repeat(Math.max(min, Math.min(max, 8)));
  return random;
}

function numberFor(schema: Schema, name: string, integer: boolean, rand: SeededRandom, hints: ValueHints): number {
  if (/ids?$/i.test(name) && hints.ids.length > 0 && rand.chance(0.7)) return rand.pick(hints.ids);
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : undefined;
  const exclusiveMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : undefined;
  const min = schema.minimum ?? exclusiveMin ?? 0;
  const max = schema.maximum ?? exclusiveMax ?? Math.max(min + 100, 100);
  const value = min + rand.next() * Math.min(max - min, 10_000);
  return integer ? Math.floor(value) : Math.round(value * 100) / 100;
}

/** A value valid under `schema` as far as the generator can tell (patterns and cross-field rules may still refuse it). */
export function validValue(schema: Schema, rand: SeededRandom, hints: ValueHints, name = '', depth = 0): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum !== undefined && schema.enum.length > 0) return rand.pick(schema.enum);
  if (schema.allOf !== undefined) return Object.assign({}, ...schema.allOf.map((part) => validValue(part, rand, hints, name, depth)));
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices !== undefined && choices.length > 0) return validValue(rand.pick(choices), rand, hints, name, depth);
  if (schema.nullable === true && rand.chance(0.1)) return null;
  if (schema.default !== undefined && rand.chance(0.2)) return schema.default;
  switch (typeOf(schema)) {
    case 'string':
      return stringFor(schema, name, rand, hints);
    case 'integer':
      return numberFor(schema, name, true, rand, hints);
    case 'number':
      return numberFor(schema, name, false, rand, hints);
    case 'boolean':
      return rand.chance(0.5);
    case 'null':
      return null;
    case 'array': {
      const min = schema.minItems ?? 0;
      const max = Math.min(schema.maxItems ?? 3, min + 3);
      const length = depth > 4 ? min : rand.int(min, Math.max(min, max));
      return Array.from({ length }, () => validValue(schema.items ?? {}, rand, hints, name.replace(/s$/, ''), depth + 1));
    }
    case 'object': {
      const result: Record<string, unknown> = {};
      const required = new Set(schema.required ?? []);
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (required.has(key) || (depth < 4 && rand.chance(0.6))) result[key] = validValue(property, rand, hints, key, depth + 1);
      }
      return result;
    }
    default:
      // An unconstrained value (`{}`): something plausible for a free-form body part.
      return depth > 2
        ? rand.pick(WORDS)
        : rand.pick<unknown>([rand.pick(WORDS), rand.int(0, 100), true, { match: { message: rand.pick(WORDS) } }, [rand.pick(WORDS)]]);
  }
}
