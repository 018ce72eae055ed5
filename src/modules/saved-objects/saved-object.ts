/** The three kinds of saved object Logz.io's export names (SPEC.md "Exported saved object"). */
export const SAVED_OBJECT_TYPES = ['search', 'visualization', 'dashboard'] as const;
export type SavedObjectType = (typeof SAVED_OBJECT_TYPES)[number];

export function isSavedObjectType(value: unknown): value is SavedObjectType {
  return typeof value === 'string' && (SAVED_OBJECT_TYPES as readonly string[]).includes(value);
}

/** Kibana's link from one object to another: `name` is what the object's attributes call it (`panel_0`). */
export interface SavedObjectReference {
  readonly name: string;
  readonly type: string;
  readonly id: string;
}

/** A JSON object as stored: attributes and hits keep every key they came with. */
export type JsonObject = Readonly<Record<string, unknown>>;

/** A saved object as stored: the whole exported hit, with what the list and the audit read beside it. */
export interface SavedObjectRecord {
  readonly accountId: number;
  readonly type: SavedObjectType;
  readonly id: string;
  readonly title: string;
  readonly hit: JsonObject;
  /** 1 when made, +1 per write; the web app's guard against overwriting a change it has not seen. */
  readonly version: number;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly createdBy: string;
  readonly updatedBy: string;
}

/** A saved object as the web app's API shows it. */
export interface SavedObject {
  readonly id: string;
  readonly type: SavedObjectType;
  readonly attributes: JsonObject;
  readonly references: readonly SavedObjectReference[];
  readonly version: number;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly createdBy: string;
  readonly updatedBy: string;
}

/** An object that depends on another, as a refused delete names it. */
export interface Dependent {
  readonly type: SavedObjectType;
  readonly id: string;
  readonly title: string;
}
