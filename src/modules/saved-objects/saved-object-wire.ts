/** The web app's saved-object API (decision 0500): Kibana-shaped attributes, typed where known, other keys kept. */
import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox';
import { Count, INT32_MAX } from '../../shared/wire-bounds.js';
import { SAFE_NAME_PATTERN, UNSAFE_NAME_CHARACTERS } from '../../shared/safe-name.js';
import { MAX_OBJECT_ID_LENGTH } from './saved-object-hit.js';
import { SAVED_OBJECT_TYPES, type SavedObjectType } from './saved-object.js';

const jsonText = (description: string) => Type.String({ maxLength: 1_000_000, description: `${description} (JSON text)` });

export const SavedObjectTypeSchema = Type.Unsafe<SavedObjectType>({
  type: 'string',
  enum: [...SAVED_OBJECT_TYPES],
  description: 'search, visualization or dashboard',
});

export const ObjectId = Type.String({
  minLength: 1,
  maxLength: MAX_OBJECT_ID_LENGTH,
  pattern: `^[^/${UNSAFE_NAME_CHARACTERS}]+$`,
  description: 'Id of the object within its type (a UUID when the server chose it)',
});

export const ReferenceSchema = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: 1000,
      pattern: SAFE_NAME_PATTERN,
      description: 'What the attributes call it: panelRefName, savedSearchRefName …',
    }),
    type: Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'search, visualization, dashboard (or index-pattern, not stored here)',
    }),
    id: Type.String({ minLength: 1, maxLength: MAX_OBJECT_ID_LENGTH, description: 'Id of the referenced object' }),
  },
  { additionalProperties: false, description: 'A link to another saved object' },
);

const KibanaSavedObjectMeta = Type.Object(
  { searchSourceJSON: Type.Optional(jsonText('Query, filters and index of the object')) },
  { description: 'Where the object searches' },
);

const common = {
  title: Type.String({ minLength: 1, maxLength: 1000, pattern: SAFE_NAME_PATTERN, description: 'Title shown in lists' }),
  description: Type.Optional(Type.String({ maxLength: 10_000, description: 'Free text' })),
  version: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, description: "Kibana's attribute version (1)" })),
  kibanaSavedObjectMeta: Type.Optional(KibanaSavedObjectMeta),
};

// Unknown keys stay: an imported object carries keys of its Kibana version the web app shows back unchanged.
const attributes = <T extends TProperties>(properties: T, description: string): TObject<T> =>
  Type.Object(properties, { additionalProperties: true, description });

export const SearchAttributes = attributes(
  {
    ...common,
    columns: Type.Optional(Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 1000, description: 'Fields shown as columns' })),
    sort: Type.Optional(
      Type.Array(Type.Union([Type.String({ maxLength: 1000 }), Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 2 })]), {
        maxItems: 100,
        description: '["@timestamp","desc"] or [["@timestamp","desc"], …]',
      }),
    ),
    hits: Type.Optional(Count(INT32_MAX, { description: 'Kept for Kibana (0)' })),
  },
  'A saved search',
);

export const VisualizationAttributes = attributes(
  {
    ...common,
    visState: jsonText('The chart: type, params and aggregations'),
    uiStateJSON: Type.Optional(jsonText('Chart UI state such as colours')),
    savedSearchRefName: Type.Optional(
      Type.String({ maxLength: 1000, pattern: SAFE_NAME_PATTERN, description: 'Name of the reference to the saved search it draws' }),
    ),
    savedSearchId: Type.Optional(
      Type.String({ maxLength: MAX_OBJECT_ID_LENGTH, description: 'Id of the saved search (before references)' }),
    ),
  },
  'A saved visualization',
);

export const DashboardAttributes = attributes(
  {
    ...common,
    panelsJSON: Type.Optional(jsonText('Panels: gridData and panelRefName each')),
    optionsJSON: Type.Optional(jsonText('Dashboard options')),
    timeRestore: Type.Optional(Type.Boolean({ description: 'Whether opening it restores timeFrom/timeTo' })),
    timeFrom: Type.Optional(Type.String({ maxLength: 200, description: 'Start of the stored range (date math, e.g. now-15m)' })),
    timeTo: Type.Optional(Type.String({ maxLength: 200, description: 'End of the stored range (e.g. now)' })),
    refreshInterval: Type.Optional(
      Type.Object(
        {
          pause: Type.Boolean({ description: 'Whether refreshing is paused' }),
          value: Count(INT32_MAX, { description: 'Refresh every this many ms' }),
        },
        { additionalProperties: true, description: 'Auto-refresh' },
      ),
    ),
  },
  'A saved dashboard',
);

export const ATTRIBUTES_OF: Readonly<Record<SavedObjectType, TObject>> = {
  search: SearchAttributes,
  visualization: VisualizationAttributes,
  dashboard: DashboardAttributes,
};

/** Attribute keys whose value is JSON text, checked by parsing (dotted: below kibanaSavedObjectMeta). */
export const JSON_TEXT_ATTRIBUTES: Readonly<Record<SavedObjectType, readonly string[]>> = {
  search: ['kibanaSavedObjectMeta.searchSourceJSON'],
  visualization: ['visState', 'uiStateJSON', 'kibanaSavedObjectMeta.searchSourceJSON'],
  dashboard: ['panelsJSON', 'optionsJSON', 'kibanaSavedObjectMeta.searchSourceJSON'],
};

const references = Type.Optional(Type.Array(ReferenceSchema, { maxItems: 1000, description: 'Objects this one uses (default none)' }));

export function createBody(type: SavedObjectType) {
  return Type.Object(
    { id: Type.Optional(ObjectId), attributes: ATTRIBUTES_OF[type], references },
    { additionalProperties: false, description: `A new ${type}` },
  );
}

export function updateBody(type: SavedObjectType) {
  return Type.Object(
    {
      attributes: ATTRIBUTES_OF[type],
      references,
      version: Type.Optional(
        Count(INT32_MAX, { minimum: 1, description: 'The version last read: refused with 409 when it changed since' }),
      ),
    },
    { additionalProperties: false, description: `The whole new content of a ${type}` },
  );
}

export const ObjectPath = Type.Object({ id: ObjectId });

export const ListQuery = Type.Object(
  {
    search: Type.Optional(Type.String({ maxLength: 1000, pattern: SAFE_NAME_PATTERN, description: 'Part of the title, any case' })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: 'Page, from 1' })),
    perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 50, description: 'Objects per page' })),
  },
  { additionalProperties: false },
);
export type ListQuery = Static<typeof ListQuery>;

export const SavedObjectSchema = Type.Object(
  {
    id: Type.String(),
    type: SavedObjectTypeSchema,
    attributes: Type.Record(Type.String(), Type.Unknown(), { description: "Kibana's attributes of the type, every key kept" }),
    references: Type.Array(ReferenceSchema),
    version: Type.Integer({ description: 'Starts at 1, +1 per write; send it back with an update' }),
    createdAt: Type.Integer({ description: 'Epoch ms' }),
    updatedAt: Type.Integer({ description: 'Epoch ms' }),
    createdBy: Type.String({ description: 'E-mail of who made it' }),
    updatedBy: Type.String({ description: 'E-mail of who changed it last' }),
  },
  { description: 'A saved search, visualization or dashboard' },
);

export const SavedObjectList = Type.Object(
  {
    total: Type.Integer({ description: 'Objects matching, all pages' }),
    page: Type.Integer(),
    perPage: Type.Integer(),
    objects: Type.Array(SavedObjectSchema),
  },
  { description: 'One page of saved objects by title' },
);
