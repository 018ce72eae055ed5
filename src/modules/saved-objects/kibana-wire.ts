/** Logz.io's saved-object API (reference §2.5): export, import, delete. */
import { Type, type Static } from '@sinclair/typebox';
import { ObjectId, SavedObjectTypeSchema } from './saved-object-wire.js';

const Hit = Type.Record(Type.String(), Type.Unknown(), {
  description: 'An exported hit: _index, _type, _id (<type>:<id>), _score, _source {type, <type>: attributes, references …}',
});

export const ExportRequest = Type.Object({ type: SavedObjectTypeSchema }, { description: 'One request per type' });
export type ExportRequest = Static<typeof ExportRequest>;

export const ExportResponse = Type.Object(
  {
    kibanaVersion: Type.String({ description: 'Kibana version the hits are shaped for' }),
    hits: Type.Array(Hit, { description: 'Every saved object of the type; empty when there are none' }),
  },
  { description: 'Saved objects of one type' },
);

export const ImportRequest = Type.Object(
  {
    kibanaVersion: Type.Optional(Type.String({ maxLength: 100, description: 'Version the hits come from (accepted as is)' })),
    override: Type.Optional(Type.Boolean({ description: 'true: replace objects with the same id (updated); else leave them (ignored)' })),
    hits: Type.Array(Hit, { maxItems: 10_000, description: 'Hits as an export answers them' }),
  },
  { description: 'Saved objects to create or replace' },
);
export type ImportRequest = Static<typeof ImportRequest>;

const names = (description: string) => Type.Array(Type.String(), { description });
export const ImportResponse = Type.Object(
  {
    created: names('Objects that did not exist'),
    updated: names('Objects replaced (override true)'),
    ignored: names('Objects left as they were (override false)'),
    failed: names('Hits that could not be read'),
  },
  { description: 'Each hit by its title (else its _id, else hits[i])' },
);
export type ImportResponse = Static<typeof ImportResponse>;

export const OsdDeletePath = Type.Object({ type: SavedObjectTypeSchema, id: ObjectId });
