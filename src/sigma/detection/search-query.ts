/**
 * A search identifier's definition → a query: a map is the AND of its items, a list of maps the OR of the maps, a
 * list of plain values a keyword search (any of them anywhere in the log line).
 */
import type { QueryAst } from '../../query/index.js';
import type { SigmaLogsource, SigmaSearch } from '../document/sigma-document.js';
import { KEYWORD_FIELDS, logwardFieldsOf } from '../mapping/field-mapping.js';
import { invalidSigma, type SigmaLocation } from '../sigma-error.js';
import { allOf, anyOf } from './ast-builders.js';
import { readDetectionKey, type Modifiers } from './modifiers.js';
import { itemQuery } from './value-query.js';

const KEYWORD_MODIFIERS: Modifiers = {
  comparison: 'contains',
  all: false,
  cased: false,
  encoding: 'utf8',
  base64: 'none',
  windash: false,
  regexIgnoreCase: false,
  regexMultiline: false,
};

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function mapQuery(map: Readonly<Record<string, unknown>>, logsource: SigmaLogsource, at: SigmaLocation): QueryAst {
  const mapField = (name: string): readonly string[] => logwardFieldsOf(name, logsource);
  const items = Object.entries(map);
  if (items.length === 0) throw invalidSigma(at, 'an empty search map');
  return allOf(
    items.map(([key, value]) => {
      const where = { rule: at.rule, path: `${at.path}.${key}` };
      const { field, modifiers } = readDetectionKey(key, where);
      if (field === null) {
        // `'|all': [...]` and friends: keywords with modifiers; a keyword is always found inside the line.
        const comparison = modifiers.comparison === 'equals' ? 'contains' : modifiers.comparison;
        return itemQuery(KEYWORD_FIELDS, value, { ...modifiers, comparison }, where, mapField);
      }
      return itemQuery(logwardFieldsOf(field, logsource), value, modifiers, where, mapField);
    }),
  );
}

export function searchQuery(search: SigmaSearch, logsource: SigmaLogsource, at: SigmaLocation): QueryAst {
  if (isRecord(search)) return mapQuery(search, logsource, at);
  if (search.length === 0) throw invalidSigma(at, 'an empty search list');
  if (search.every(isRecord)) return anyOf(search.map((map, i) => mapQuery(map, logsource, { rule: at.rule, path: `${at.path}[${i}]` })));
  if (search.some(isRecord) || search.some(Array.isArray)) throw invalidSigma(at, 'a search list mixing maps and values');
  return itemQuery(KEYWORD_FIELDS, search, KEYWORD_MODIFIERS, at, (name) => logwardFieldsOf(name, logsource));
}
