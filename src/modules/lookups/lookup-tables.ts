/** The lookups module's control-plane tables; migrations in ./migrations/. */
export interface LookupListsTable {
  /** GUID. */
  id: string;
  account_id: number;
  name: string;
  description: string;
  /** Bumped by every change to the list's elements: resolvers cache a list's members by it. */
  version: number;
  /** The id the next new element takes (element ids count up within their list). */
  next_element_id: number;
  created_at: number;
  updated_at: number;
}

export interface LookupElementsTable {
  list_id: string;
  id: number;
  value: string;
  comment: string | null;
  /** Epoch ms after which the element never matches; null: never expires. */
  expires_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface LookupTables {
  lookup_lists: LookupListsTable;
  lookup_elements: LookupElementsTable;
}
