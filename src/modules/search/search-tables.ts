/** An open scroll (src/modules/search/scroll-store.ts): the context as JSON, readable by every api process. */
export interface ScrollContextsTable {
  id: string;
  owner: string;
  context: string;
  expires_at: number;
}

export interface SearchTables {
  scroll_contexts: ScrollContextsTable;
}
