/**
 * Rules every route's input schema keeps, read from the served OpenAPI document so that a route added later is
 * held to them with no change here: every number is bounded (decision 0611) and every free-text name refuses
 * control and bidirectional-override characters (decision 0612).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sqliteBackend } from '../support/control-plane-backends.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { operationsOf, type Operation } from '../fuzz/openapi-operations.js';
import type { Schema } from '../fuzz/schema-values.js';
import { EPOCH_MS_MAX } from '../../src/shared/wire-bounds.js';

interface Field {
  /** `METHOD /path where.name.of.field`. */
  readonly at: string;
  readonly key: string;
  readonly schema: Schema;
}

/** Every schema node of the operation's path, query and body inputs, with the property name that holds it. */
function fieldsOf(operation: Operation): Field[] {
  const fields: Field[] = [];
  const walk = (schema: Schema | undefined, at: string, key: string, depth: number): void => {
    if (schema === undefined || depth > 40) return;
    fields.push({ at, key, schema });
    for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) walk(branch, at, key, depth + 1);
    for (const [name, child] of Object.entries(schema.properties ?? {})) walk(child, `${at}.${name}`, name, depth + 1);
    if (schema.items !== undefined) walk(schema.items, `${at}[]`, key, depth + 1);
    if (typeof schema.additionalProperties === 'object') walk(schema.additionalProperties, `${at}{}`, key, depth + 1);
  };
  const route = `${operation.method} ${operation.path}`;
  for (const parameter of operation.parameters) walk(parameter.schema, `${route} ${parameter.in}.${parameter.name}`, parameter.name, 0);
  walk(operation.body, `${route} body`, 'body', 0);
  return fields;
}

const typesOf = (schema: Schema): readonly string[] =>
  schema.type === undefined ? [] : typeof schema.type === 'string' ? [schema.type] : schema.type;

/** Keys that name something a person reads in a list (names, titles, tags, an assignee): the names rule applies. */
const NAME_KEY = /^(name|title|value|tags|assignee)$|[a-z](Name|Title)$/;
/** Name-like keys that are no names: e-mail addresses (their own pattern) and a ServiceNow credential. */
const NOT_A_NAME = new Set(['username']);
/** Names checked by the service instead, each with the reason and the test that holds it. */
const CHECKED_IN_THE_SERVICE: Readonly<Record<string, string>> = {
  // A bulk add refuses only the bad item (test/api/lookup-lists.test.ts, "refuses NUL …").
  'POST /v1/lookup-lists/{lookupListId}/elements/bulk-add body[].value': 'per-item failures',
};
const UNSAFE_SAMPLES = ['a\u0000b', 'a\u001bb', 'exe\u202etxt', 'a\u2066b', 'a\u200fb'];

describe('input schemas of every route', () => {
  let t: TestApp;
  let fields: Field[] = [];
  before(async () => {
    t = await startTestApp({ backend: sqliteBackend, env: { LOGWARD_ROLES: 'api' } });
    const document = (await t.api.inject({ method: 'GET', url: '/openapi.json' })).json<unknown>();
    fields = operationsOf(document).flatMap(fieldsOf);
  });
  after(async () => t.close());

  it('bound every integer and number to a finite range, epochs to 1970..2200', () => {
    const numbers = fields.filter((field) => typesOf(field.schema).some((type) => type === 'integer' || type === 'number'));
    assert.ok(numbers.length > 80, `only ${numbers.length} numbers found`);
    const bounded = (schema: Schema) =>
      (schema.minimum !== undefined || typeof schema.exclusiveMinimum === 'number') &&
      (schema.maximum !== undefined || typeof schema.exclusiveMaximum === 'number');
    assert.deepEqual(
      numbers.filter((field) => !bounded(field.schema)).map((field) => field.at),
      [],
    );
    // An epoch is a date people mean: none later than 2200 (seconds or milliseconds alike).
    const epochs = numbers.filter(
      (field) => /epoch/i.test((field.schema as { description?: string }).description ?? '') || /Date$|^muteUntil$|TTL$/.test(field.key),
    );
    assert.ok(epochs.length > 10, `only ${epochs.length} epoch fields found`);
    const late = epochs.filter((field) => (field.schema.maximum ?? Infinity) > EPOCH_MS_MAX || (field.schema.minimum ?? -1) < 0);
    assert.deepEqual(
      late.map((field) => field.at),
      [],
    );
  });

  it('refuse control and bidirectional-override characters in every free-text name', () => {
    const names = fields.filter((field) => typesOf(field.schema).includes('string') && field.schema.enum === undefined);
    const checked = names.filter((field) => NAME_KEY.test(field.key) && !NOT_A_NAME.has(field.key));
    assert.ok(checked.length > 40, `only ${checked.length} names found`);
    const accepting = checked.filter((field) => {
      if (CHECKED_IN_THE_SERVICE[field.at] !== undefined) return false;
      const pattern = field.schema.pattern === undefined ? undefined : new RegExp(field.schema.pattern, 'u');
      return UNSAFE_SAMPLES.some((sample) => pattern === undefined || pattern.test(sample));
    });
    assert.deepEqual(
      accepting.map((field) => field.at),
      [],
    );
  });
});
