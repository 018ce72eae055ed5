import { api } from './api.js';

/** The saved-object API (decision 0500): Kibana-shaped attributes per type, CRUD under /v1/saved-objects. */
export type SavedObjectType = 'search' | 'visualization' | 'dashboard';

export interface Reference {
  readonly name: string;
  readonly type: string;
  readonly id: string;
}

export interface SavedObject<A = Record<string, unknown>> {
  readonly id: string;
  readonly type: SavedObjectType;
  readonly attributes: A & { readonly title: string };
  readonly references: readonly Reference[];
  readonly version: number;
  readonly updatedAt: number;
}

export interface SavedObjectPage {
  readonly total: number;
  readonly objects: readonly SavedObject[];
}

export function listSavedObjects(type: SavedObjectType, search = ''): Promise<SavedObjectPage> {
  return api<SavedObjectPage>('GET', `/v1/saved-objects/${type}?perPage=100&search=${encodeURIComponent(search)}`);
}

export function getSavedObject<A>(type: SavedObjectType, id: string): Promise<SavedObject<A>> {
  return api<SavedObject<A>>('GET', `/v1/saved-objects/${type}/${encodeURIComponent(id)}`);
}

/** Creates the object, or replaces it when `id` names one already saved. */
export function saveObject<A extends { title: string }>(
  type: SavedObjectType,
  id: string | undefined,
  attributes: A,
  references: readonly Reference[] = [],
): Promise<SavedObject<A>> {
  if (id === undefined) return api<SavedObject<A>>('POST', `/v1/saved-objects/${type}`, { attributes, references });
  return api<SavedObject<A>>('PUT', `/v1/saved-objects/${type}/${encodeURIComponent(id)}`, { attributes, references });
}

/** The query a saved search or visualization keeps in `kibanaSavedObjectMeta.searchSourceJSON`. */
export function searchSourceJson(query: string): string {
  return JSON.stringify({ query: { query, language: 'lucene' }, filter: [] });
}

export { queryOfSearchSource } from '../../src/vis-model/index.js';

export interface SearchAttributes {
  title: string;
  description: string;
  columns: string[];
  sort: [string, string][];
  kibanaSavedObjectMeta: { searchSourceJSON: string };
}
