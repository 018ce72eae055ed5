import { savedObjectErrors } from './saved-object-errors.js';
import type { JsonObject, SavedObjectType } from './saved-object.js';
import { JSON_TEXT_ATTRIBUTES } from './saved-object-wire.js';

/** Members SPEC.md's export lists for each type, as an object made here gets them when left out. */
const DEFAULTS: Readonly<Record<SavedObjectType, JsonObject>> = {
  search: { description: '', hits: 0, columns: [], sort: [], version: 1 },
  visualization: { description: '', uiStateJSON: '{}', version: 1 },
  dashboard: { description: '', hits: 0, panelsJSON: '[]', optionsJSON: '{}', timeRestore: false, version: 1 },
};

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function valueAt(attributes: JsonObject, dotted: string): unknown {
  let value: unknown = attributes;
  for (const key of dotted.split('.')) value = isObject(value) ? value[key] : undefined;
  return value;
}

/**
 * The attributes a create or update stores: what was sent (unknown keys included) with the export's members it
 * left out filled in. Each `…JSON` text must parse, so the web app never saves a chart it cannot read back.
 */
export function completeAttributes(type: SavedObjectType, given: JsonObject): JsonObject {
  for (const key of JSON_TEXT_ATTRIBUTES[type]) {
    const text = valueAt(given, key);
    if (typeof text !== 'string') continue;
    try {
      JSON.parse(text);
    } catch {
      throw savedObjectErrors.invalidAttribute(`body.attributes.${key}`, 'json', 'is not valid JSON');
    }
  }
  const meta = isObject(given.kibanaSavedObjectMeta) ? given.kibanaSavedObjectMeta : {};
  return { ...DEFAULTS[type], ...given, kibanaSavedObjectMeta: { searchSourceJSON: '{}', ...meta } };
}
