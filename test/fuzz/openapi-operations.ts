import type { Schema } from './schema-values.js';

export interface Parameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly required?: boolean;
  readonly schema?: Schema;
}

/** One method of one path of the OpenAPI document: what the fuzzer calls a route. */
export interface Operation {
  readonly method: string;
  readonly path: string;
  readonly parameters: readonly Parameter[];
  /** The JSON body schema, when the route declares one. */
  readonly body: Schema | undefined;
  readonly bodyRequired: boolean;
}

interface OpenApiDocument {
  readonly paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> } }>
  >;
  readonly components?: { readonly schemas?: Record<string, Schema> };
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

/** Replaces `$ref`s to components by their schema (the document's own references only; cycles stop at depth 20). */
function inline(value: unknown, components: Record<string, Schema>, depth = 0): unknown {
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => inline(item, components, depth + 1));
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') {
    const target = components[ref.replace(/^#\/components\/schemas\//, '')];
    return target === undefined ? {} : inline(target, components, depth + 1);
  }
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, inline(child, components, depth + 1)]));
}

/** Every operation of the served OpenAPI document, so a route added later is fuzzed with no change here. */
export function operationsOf(document: unknown): Operation[] {
  const doc = document as OpenApiDocument;
  const components = doc.components?.schemas ?? {};
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const content = operation.requestBody?.content ?? {};
      const schema = content['application/json']?.schema ?? Object.values(content)[0]?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: (inline(operation.parameters ?? [], components) as Parameter[]).filter((p) => p.in === 'path' || p.in === 'query'),
        body: schema === undefined ? undefined : (inline(schema, components) as Schema),
        bodyRequired: operation.requestBody?.required === true,
      });
    }
  }
  return operations;
}
