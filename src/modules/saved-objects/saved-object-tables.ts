/** The saved-objects module's control-plane tables; migrations in ./migrations/. */

/**
 * One saved search, visualization or dashboard of an account. `hit` is the whole exported hit as JSON text, kept
 * verbatim so an imported hit exports unchanged (docs/decisions/0500); `title` is copied out of it for the list.
 */
export interface SavedObjectsTable {
  account_id: number;
  object_type: string;
  object_id: string;
  title: string;
  /** The title lower-cased: the list's case-insensitive search and order on both dialects. */
  title_key: string;
  hit: string;
  version: number;
  created_at: number;
  updated_at: number;
  created_by: string;
  updated_by: string;
}

/** One reference of a saved object to another of the same account, so a delete can find what depends on it. */
export interface SavedObjectReferencesTable {
  account_id: number;
  from_type: string;
  from_id: string;
  position: number;
  to_type: string;
  to_id: string;
}

export interface SavedObjectTables {
  saved_objects: SavedObjectsTable;
  saved_object_references: SavedObjectReferencesTable;
}
