import { UNSAFE_NAME_CHARACTERS } from '../../shared/safe-name.js';
import {
  isSavedObjectType,
  type JsonObject,
  type SavedObject,
  type SavedObjectRecord,
  type SavedObjectReference,
  type SavedObjectType,
} from './saved-object.js';

/** The index every Logz.io export names; the Terraform provider rewrites `_index` to it before comparing. */
export const EXPORT_INDEX = 'logzioCustomerIndex*';

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sourceOf(hit: JsonObject): JsonObject {
  return isObject(hit._source) ? hit._source : {};
}

export function exportIdOf(type: SavedObjectType, id: string): string {
  return `${type}:${id}`;
}

/** The attributes of a stored hit: its `_source.<type>` member. */
export function attributesOf(hit: JsonObject, type: SavedObjectType): JsonObject {
  const attributes = sourceOf(hit)[type];
  return isObject(attributes) ? attributes : {};
}

function isReference(value: unknown): value is SavedObjectReference {
  return isObject(value) && typeof value.name === 'string' && typeof value.type === 'string' && typeof value.id === 'string';
}

/** The well-formed entries of `_source.references` (an import may carry others; they stay in the hit). */
export function referencesOf(hit: JsonObject): SavedObjectReference[] {
  const references = sourceOf(hit).references;
  return Array.isArray(references) ? references.filter(isReference).map(({ name, type, id }) => ({ name, type, id })) : [];
}

export function titleOf(attributes: JsonObject): string {
  return typeof attributes.title === 'string' ? attributes.title : '';
}

/** The panels of a dashboard's `panelsJSON` that name their object themselves (Kibana before references). */
function legacyPanels(attributes: JsonObject): { type: unknown; id: unknown }[] {
  if (typeof attributes.panelsJSON !== 'string') return [];
  try {
    const panels: unknown = JSON.parse(attributes.panelsJSON);
    return Array.isArray(panels) ? panels.filter(isObject).map((panel) => ({ type: panel.type, id: panel.id })) : [];
  } catch {
    // An imported dashboard keeps whatever text it came with; text that does not parse names nothing.
    return [];
  }
}

/**
 * The saved objects this one needs: its references to searches, visualizations and dashboards, and what Kibana
 * named before references — a visualization's `savedSearchId`, a dashboard panel's `type` and `id` — each once.
 * References to other kinds (the index pattern `logzioCustomerIndex*`) name nothing stored here.
 */
export function dependenciesOf(type: SavedObjectType, hit: JsonObject): { type: SavedObjectType; id: string }[] {
  const found = new Map<string, { type: SavedObjectType; id: string }>();
  // An id no stored object can have (controls, `/`, too long) names nothing that a delete could break.
  const add = (toType: unknown, id: unknown): void => {
    if (isSavedObjectType(toType) && typeof id === 'string' && isValidObjectId(id)) found.set(exportIdOf(toType, id), { type: toType, id });
  };
  for (const reference of referencesOf(hit)) add(reference.type, reference.id);
  const attributes = attributesOf(hit, type);
  if (type === 'visualization') add('search', attributes.savedSearchId);
  if (type === 'dashboard') for (const panel of legacyPanels(attributes)) add(panel.type, panel.id);
  return [...found.values()];
}

/** The hit of an object made with the web app's API, in the shape Logz.io exports. */
export function newHit(
  type: SavedObjectType,
  id: string,
  attributes: JsonObject,
  references: readonly SavedObjectReference[],
  updatedAt: number,
): JsonObject {
  return {
    _index: EXPORT_INDEX,
    _type: '_doc',
    _id: exportIdOf(type, id),
    _score: 1,
    _source: { type, id, [type]: attributes, references, updated_at: updatedAt },
  };
}

/** A stored hit with new attributes and references; every other key it holds (an import's included) is kept. */
export function withContent(
  hit: JsonObject,
  type: SavedObjectType,
  attributes: JsonObject,
  references: readonly SavedObjectReference[],
  updatedAt: number,
): JsonObject {
  return { ...hit, _source: { ...sourceOf(hit), [type]: attributes, references, updated_at: updatedAt } };
}

/** What an imported hit is, or why it cannot be stored. */
export type ImportedHit =
  | { readonly ok: true; readonly type: SavedObjectType; readonly id: string; readonly title: string; readonly hit: JsonObject }
  | { readonly ok: false; readonly reason: string };

/**
 * Longest id accepted, in characters; a Kibana id is a UUID or a short slug. A longer one could not be named in a
 * path: the router answers 414 past 100 characters.
 */
export const MAX_OBJECT_ID_LENGTH = 100;
// A name's unsafe characters, and `/`, which would split the id's path segment.
const UNSAFE_ID = new RegExp(`[${UNSAFE_NAME_CHARACTERS}/]`, 'u');

export function isValidObjectId(id: string): boolean {
  return id.length > 0 && id.length <= MAX_OBJECT_ID_LENGTH && !UNSAFE_ID.test(id);
}

/**
 * Reads one hit of an import: `_id` is `<type>:<id>` of a known type, `_source.type` says the same type and
 * `_source.<type>` is an object. Nothing else is checked, so unknown keys travel untouched.
 */
export function readImportedHit(value: unknown): ImportedHit {
  if (!isObject(value)) return { ok: false, reason: 'a hit must be an object' };
  const exportId = value._id;
  if (typeof exportId !== 'string') return { ok: false, reason: '_id must be a string <type>:<id>' };
  const colon = exportId.indexOf(':');
  const type = exportId.slice(0, colon);
  const id = exportId.slice(colon + 1);
  if (colon < 0 || !isSavedObjectType(type)) return { ok: false, reason: '_id must start with search:, visualization: or dashboard:' };
  if (!isValidObjectId(id))
    return { ok: false, reason: `the id in _id must be 1..${MAX_OBJECT_ID_LENGTH} characters, without controls or /` };
  const source = value._source;
  if (!isObject(source)) return { ok: false, reason: '_source must be an object' };
  if (source.type !== type) return { ok: false, reason: `_source.type must be ${type}, as _id says` };
  if (!isObject(source[type])) return { ok: false, reason: `_source.${type} must be an object` };
  return { ok: true, type, id, title: titleOf(source[type]), hit: value };
}

/** How an import's result lists a hit: its title, else its `_id`, else its place in the request. */
export function importNameOf(value: unknown, index: number): string {
  if (isObject(value)) {
    const source = sourceOf(value);
    const typed = typeof source.type === 'string' ? source[source.type] : undefined;
    for (const member of [typed, ...Object.values(source)]) {
      if (isObject(member) && typeof member.title === 'string' && member.title !== '') return member.title;
    }
    if (typeof value._id === 'string' && value._id !== '') return value._id;
  }
  return `hits[${index}]`;
}

/** The web app's view of a stored object. */
export function toSavedObject(record: SavedObjectRecord): SavedObject {
  return {
    id: record.id,
    type: record.type,
    attributes: attributesOf(record.hit, record.type),
    references: referencesOf(record.hit),
    version: record.version,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    createdBy: record.createdBy,
    updatedBy: record.updatedBy,
  };
}
