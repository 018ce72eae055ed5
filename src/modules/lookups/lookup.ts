/** A lookup list of an account: a named set of values that searches and rules test fields against. */
export interface LookupList {
  /** GUID. */
  readonly id: string;
  readonly accountId: number;
  readonly name: string;
  readonly description: string;
  /** Bumped by every change to the elements (resolvers cache members by it). */
  readonly version: number;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface LookupElement {
  /** int32, counted up within the list. */
  readonly id: number;
  readonly listId: string;
  readonly value: string;
  /** null: no comment was given. */
  readonly comment: string | null;
  /** Epoch ms after which it never matches; null: never. */
  readonly expiresAt: number | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** SPEC.md "Lookup list and element" and "Limits". */
export const LOOKUP_LIMITS = {
  nameMax: 40,
  descriptionMax: 400,
  valueMax: 80,
  commentMax: 200,
  /** Items of one bulk-add call: the 100,000-element list goes in one call. */
  bulkMax: 100_000,
  pageSizeMax: 1000,
  pageSizeDefault: 25,
} as const;

/** Names given to lists created without one: `Untitled 1`, `Untitled 2`, ... */
export const UNTITLED_PREFIX = 'Untitled ';

export const GUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
export const isGuid = (text: string): boolean => new RegExp(GUID_PATTERN).test(text);
