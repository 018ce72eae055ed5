/** `_mapping` and `_field_caps` from the field catalog, as Elasticsearch's dynamic mapping would show them. */
import type { CatalogField, CatalogFieldType } from '../../storage/log-store.js';
import { globMatches } from './index-expression.js';

type Properties = Record<string, Record<string, unknown>>;

const CORE_FIELDS: readonly CatalogField[] = [
  { name: '@timestamp', type: 'date', conflictingTypes: [], inArrays: false, plainText: false },
  { name: 'message', type: 'text', conflictingTypes: [], inArrays: false, plainText: false },
];

function leafMapping(type: CatalogFieldType): Record<string, unknown> {
  if (type === 'text') return { type: 'text', fields: { keyword: { type: 'keyword', ignore_above: 256 } } };
  if (type === 'long' || type === 'double' || type === 'date' || type === 'boolean' || type === 'keyword') return { type };
  return { type: 'object' };
}

/** Nested `properties` (dotted names become objects), `type` as keyword. */
export function mappingProperties(fields: readonly CatalogField[]): Properties {
  const root: Properties = { type: { type: 'keyword' } };
  for (const field of [...CORE_FIELDS, ...fields]) {
    const parts = field.name.split('.');
    let node = root;
    for (let i = 0; i < parts.length - 1; i += 1) {
      const part = parts[i] ?? '';
      const existing = node[part];
      if (existing === undefined || existing.properties === undefined) node[part] = { properties: {} };
      node = (node[part]?.properties ?? {}) as Properties;
    }
    node[parts[parts.length - 1] ?? field.name] = leafMapping(field.type);
  }
  return root;
}

function caps(type: string, aggregatable: boolean): Record<string, unknown> {
  return { type, metadata_field: false, searchable: true, aggregatable };
}

/** `_field_caps` `fields`: every type a field has (conflicts included), its `.keyword` for text. */
export function fieldCaps(fields: readonly CatalogField[], patterns: readonly string[]): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  const wanted = (name: string): boolean => patterns.some((p) => globMatches(p.trim(), name));
  for (const field of [
    ...CORE_FIELDS,
    { name: 'type', type: 'keyword', conflictingTypes: [], inArrays: false, plainText: false } as CatalogField,
    ...fields,
  ]) {
    const types = [field.type, ...field.conflictingTypes].filter((t) => t !== 'object');
    if (types.length === 0) continue;
    if (wanted(field.name)) out[field.name] = Object.fromEntries(types.map((t) => [t, caps(t, t !== 'text')]));
    if (types.includes('text') && wanted(`${field.name}.keyword`)) out[`${field.name}.keyword`] = { keyword: caps('keyword', true) };
  }
  return out;
}
