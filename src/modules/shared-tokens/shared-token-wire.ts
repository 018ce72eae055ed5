import { Type, type Static } from '@sinclair/typebox';
import { EpochMillis } from '../../shared/wire-bounds.js';
import { SAFE_NAME_PATTERN } from '../../shared/safe-name.js';
import type { QueryFilter, SharedTokenRecord } from './shared-token-repository.js';

/** SPEC.md's pattern for a filter's field and value. */
export const FILTER_TERM_PATTERN = '^[a-zA-Z0-9_@.-]+$';

const Int32 = (description: string) => Type.Integer({ minimum: -2_147_483_648, maximum: 2_147_483_647, description });
const Operator = Type.Unsafe<'AND' | 'OR'>({ type: 'string', enum: ['AND', 'OR'], description: 'How the filters combine; default AND' });

export const SharedTokenIdParams = Type.Object({ id: Int32('Id of the shared token or query filter') });
export type SharedTokenIdParams = Static<typeof SharedTokenIdParams>;

export const CreateFilterBody = Type.Object(
  {
    id: Type.Optional(Int32('Ignored: the service assigns ids')),
    field: Type.String({ pattern: FILTER_TERM_PATTERN, maxLength: 256, description: 'Field the filter matches' }),
    value: Type.String({ pattern: FILTER_TERM_PATTERN, maxLength: 256, description: 'Value the field must have' }),
    description: Type.Optional(Type.String({ maxLength: 1000, pattern: SAFE_NAME_PATTERN, description: 'Name of the filter' })),
  },
  { description: 'A query filter to create' },
);
export type CreateFilterBody = Static<typeof CreateFilterBody>;

export const QueryFilterResponse = Type.Object(
  {
    id: Type.Integer(),
    field: Type.String(),
    value: Type.String(),
    description: Type.Unsafe<string | null>({ type: 'string', nullable: true }),
  },
  { description: 'A query filter: searches with a token carrying it see only logs whose field has the value' },
);

const FilterIds = Type.Array(Int32('Id of a query filter of the account'), { maxItems: 100, description: 'Ids of the attached filters' });

export const CreateSharedTokenBody = Type.Object(
  {
    tokenName: Type.String({ minLength: 1, maxLength: 200, pattern: SAFE_NAME_PATTERN, description: 'Descriptive name of the token' }),
    filters: Type.Optional(FilterIds),
    filtersOperator: Type.Optional(Operator),
    expirationDate: Type.Optional(
      EpochMillis({ description: 'Epoch ms (in the future, before 2200) after which the token stops working' }),
    ),
  },
  { description: 'A read-only shared token to create' },
);
export type CreateSharedTokenBody = Static<typeof CreateSharedTokenBody>;

export const UpdateSharedTokenBody = Type.Object(
  { filters: FilterIds, filtersOperator: Type.Optional(Operator) },
  { description: "The token's filters (an empty array removes them all)" },
);
export type UpdateSharedTokenBody = Static<typeof UpdateSharedTokenBody>;

export const SharedTokenResponse = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    token: Type.String({ description: 'The token on create; afterwards only its last four characters (it is stored hashed)' }),
    filters: Type.Array(Type.Integer()),
    lastUsed: Type.Unsafe<number | null>({ type: 'integer', nullable: true, description: 'Epoch ms of the last request made with it' }),
    expirationDate: Type.Unsafe<number | null>({ type: 'integer', nullable: true, description: 'Epoch ms' }),
    filtersOperator: Operator,
  },
  { description: 'A read-only shared token' },
);
export type SharedTokenResponse = Static<typeof SharedTokenResponse>;

export function filterToWire(filter: QueryFilter): Static<typeof QueryFilterResponse> {
  return { id: filter.id, field: filter.field, value: filter.value, description: filter.description };
}

export function sharedTokenToWire(record: SharedTokenRecord, token?: string): SharedTokenResponse {
  return {
    id: record.id,
    name: record.name,
    token: token ?? `****${record.tokenHint}`,
    filters: [...record.filterIds],
    lastUsed: record.lastUsedAt,
    expirationDate: record.expirationDate,
    filtersOperator: record.filtersOperator,
  };
}
