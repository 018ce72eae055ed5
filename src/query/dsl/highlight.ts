import type { HighlightField, HighlightSpec, QueryAst } from '../ast.js';
import { dslError } from './dsl-error.js';
import {
  arrayOrSingle,
  child,
  expectObject,
  isObject,
  optional,
  readBoolean,
  readEnum,
  readInteger,
  readString,
  type JsonObject,
} from './json-reader.js';

const DEFAULT_FRAGMENT_SIZE = 100;
const DEFAULT_FRAGMENTS = 5;
/** `tags_schema: styled` tags, as ES defines them. */
const STYLED_PRE_TAGS = Array.from({ length: 10 }, (_, index) => `<em class="hlt${index + 1}">`);

const SETTING_KEYS = [
  'pre_tags',
  'post_tags',
  'fragment_size',
  'number_of_fragments',
  'require_field_match',
  'type',
  'tags_schema',
  'encoder',
  'order',
  'boundary_scanner',
  'boundary_chars',
  'boundary_max_scan',
  'boundary_scanner_locale',
  'no_match_size',
  'phrase_limit',
  'highlight_query',
  'fragmenter',
  'max_analyzed_offset',
  'force_source',
  'fragment_offset',
  'matched_fields',
];
const TOP_KEYS = new Set([...SETTING_KEYS, 'fields']);
const FIELD_KEYS = new Set(SETTING_KEYS);

interface Settings {
  readonly preTags: readonly string[];
  readonly postTags: readonly string[];
  readonly fragmentSize: number;
  readonly numberOfFragments: number;
  readonly highlightQuery: QueryAst | null;
}

type ParseQuery = (json: unknown, path: string) => QueryAst;

function readTags(value: unknown, path: string): string[] {
  return arrayOrSingle(value).map((tag, index) => readString(tag, Array.isArray(value) ? child(path, index) : path));
}

function readSettings(
  object: JsonObject,
  path: string,
  inherited: Settings,
  allowed: ReadonlySet<string>,
  parseQuery: ParseQuery,
): Settings {
  for (const key of Object.keys(object)) if (!allowed.has(key)) throw dslError(path, `unknown key "${key}"`);
  const styled = optional(object, 'tags_schema', path, (value, at) => readEnum(value, at, ['styled'])) === 'styled';
  optional(object, 'type', path, (value, at) => readEnum(value, at, ['unified', 'plain', 'fvh']));
  optional(object, 'encoder', path, (value, at) => readEnum(value, at, ['default', 'html']));
  return {
    preTags: optional(object, 'pre_tags', path, readTags) ?? (styled ? STYLED_PRE_TAGS : inherited.preTags),
    postTags: optional(object, 'post_tags', path, readTags) ?? (styled ? ['</em>'] : inherited.postTags),
    fragmentSize: optional(object, 'fragment_size', path, (value, at) => readInteger(value, at, 0)) ?? inherited.fragmentSize,
    numberOfFragments:
      optional(object, 'number_of_fragments', path, (value, at) => readInteger(value, at, 0)) ?? inherited.numberOfFragments,
    highlightQuery:
      object.highlight_query === undefined ? inherited.highlightQuery : parseQuery(object.highlight_query, child(path, 'highlight_query')),
  };
}

/** `highlight`: fields as an object or a list of one-field objects; global settings merged into each field's. */
export function parseHighlight(value: unknown, path: string, parseQuery: ParseQuery): HighlightSpec {
  const object = expectObject(value, path);
  const defaults: Settings = {
    preTags: ['<em>'],
    postTags: ['</em>'],
    fragmentSize: DEFAULT_FRAGMENT_SIZE,
    numberOfFragments: DEFAULT_FRAGMENTS,
    highlightQuery: null,
  };
  const global = readSettings(object, path, defaults, TOP_KEYS, parseQuery);
  const at = child(path, 'fields');
  const entries: Array<[string, unknown, string]> = [];
  if (Array.isArray(object.fields)) {
    object.fields.forEach((entry, index) => {
      const entryPath = child(at, index);
      for (const [field, settings] of Object.entries(expectObject(entry, entryPath)))
        entries.push([field, settings, child(entryPath, field)]);
    });
  } else if (object.fields !== undefined) {
    for (const [field, settings] of Object.entries(expectObject(object.fields, at))) entries.push([field, settings, child(at, field)]);
  }
  const fields = entries.map(([field, settings, fieldPath]): HighlightField => {
    const own = settings === null || settings === undefined ? {} : isObject(settings) ? settings : expectObject(settings, fieldPath);
    return { field, ...readSettings(own, fieldPath, global, FIELD_KEYS, parseQuery) };
  });
  return { fields, requireFieldMatch: optional(object, 'require_field_match', path, readBoolean) ?? true };
}
