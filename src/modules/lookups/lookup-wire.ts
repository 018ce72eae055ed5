import { Type, type Static } from '@sinclair/typebox';
import { EpochMillis, RowId } from '../../shared/wire-bounds.js';
import { SAFE_NAME_PATTERN } from '../../shared/safe-name.js';
import { GUID_PATTERN, LOOKUP_LIMITS, type LookupElement, type LookupList } from './lookup.js';

const Guid = (description: string) => Type.String({ pattern: GUID_PATTERN, description });

export const LookupListResponse = Type.Object(
  {
    id: Type.String({ description: 'GUID of the lookup list' }),
    name: Type.String({ description: 'Name of the list (1–40 characters)' }),
    description: Type.String({ description: 'Description of the list (0–400 characters)' }),
  },
  { description: 'A lookup list' },
);
export type LookupListResponse = Static<typeof LookupListResponse>;

export const LookupElementResponse = Type.Object(
  {
    id: Type.Integer({ description: 'Id of the element within its list' }),
    value: Type.String({ description: 'The value (1–80 characters); an IP, a CIDR range or any text' }),
    comment: Type.String({ description: 'Note on the value; empty when none' }),
    expirationDate: Type.Union([Type.Integer(), Type.Null()], { description: 'Epoch ms after which it never matches; null: never' }),
  },
  { description: 'An element of a lookup list' },
);
export type LookupElementResponse = Static<typeof LookupElementResponse>;

export const CreateLookupListBody = Type.Object(
  {
    name: Type.Optional(
      Type.Union([Type.String({ maxLength: LOOKUP_LIMITS.nameMax, pattern: SAFE_NAME_PATTERN }), Type.Null()], {
        description: 'Name (0–40 characters); absent, null or empty: `Untitled N`',
      }),
    ),
    description: Type.Optional(Type.String({ maxLength: LOOKUP_LIMITS.descriptionMax, description: 'Description (0–400 characters)' })),
  },
  { description: 'A new lookup list' },
);

export const UpdateLookupListBody = Type.Object(
  {
    id: Type.Optional(Guid('The list id; when given it must be the one of the path')),
    name: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: LOOKUP_LIMITS.nameMax,
        pattern: SAFE_NAME_PATTERN,
        description: 'New name (1–40 characters)',
      }),
    ),
    description: Type.Optional(Type.String({ maxLength: LOOKUP_LIMITS.descriptionMax, description: 'New description (0–400 characters)' })),
  },
  { description: 'Name and/or description of a lookup list; fields left out keep their value' },
);

const Pagination = Type.Object(
  {
    pageNumber: Type.Integer({
      minimum: 1,
      maximum: 2_147_483_647,
      default: 1,
      description: 'Page to return, from 1; past the end gives an empty page',
    }),
    pageSize: Type.Integer({
      minimum: 1,
      maximum: LOOKUP_LIMITS.pageSizeMax,
      default: LOOKUP_LIMITS.pageSizeDefault,
      description: 'Results per page (1–1000, default 25)',
    }),
  },
  { description: 'Which page of results' },
);
export const PaginationResponse = Type.Object({ pageNumber: Type.Integer(), pageSize: Type.Integer() });

export const SearchLookupListsBody = Type.Object(
  {
    filter: Type.Optional(
      Type.Object(
        {
          searchTerm: Type.Optional(Type.String({ description: 'Lists whose name or description contains it (any case)' })),
          byIds: Type.Optional(Type.Array(Type.String(), { maxItems: 1000, description: 'Lists with one of these ids' })),
        },
        { description: 'Given filters must all hold; none returns every list' },
      ),
    ),
    pagination: Type.Optional(Pagination),
  },
  { description: 'Filter and page the lookup lists of the account' },
);

export const LookupListPage = Type.Object({
  total: Type.Integer({ description: 'Lists matching the filter, on every page' }),
  results: Type.Array(LookupListResponse),
  pagination: PaginationResponse,
});

const elementFields = {
  value: Type.String({ description: 'The value (1–80 characters); an IP, a CIDR range or any text' }),
  comment: Type.Optional(Type.String({ description: 'Note on the value (0–200 characters)' })),
  expirationDate: Type.Optional(
    Type.Union([EpochMillis({}), Type.Null()], {
      description: 'Epoch ms (1970–2200) after which it never matches; absent or null: never',
    }),
  ),
};

// The bulk body leaves `value` to the service, which reports each bad item on its own (a schema would refuse them all).
const checkedValue = {
  value: Type.String({ pattern: SAFE_NAME_PATTERN, description: 'The value (1–80 characters); an IP, a CIDR range or any text' }),
};

export const AddLookupElementBody = Type.Object({ ...elementFields, ...checkedValue }, { description: 'A new element' });
export type AddLookupElementBody = Static<typeof AddLookupElementBody>;

export const UpdateLookupElementBody = Type.Object(
  {
    id: Type.Optional(RowId({ description: 'The element id; when given it must be the one of the path' })),
    ...elementFields,
    ...checkedValue,
  },
  { description: 'The element as it is to be (a comment or expiry left out is removed)' },
);

export const BulkAddBody = Type.Array(Type.Object(elementFields), {
  maxItems: LOOKUP_LIMITS.bulkMax,
  description: `Elements to add (at most ${LOOKUP_LIMITS.bulkMax}); a value the list holds is merged`,
});
export type BulkAddBody = Static<typeof BulkAddBody>;

export const BulkAddQuery = Type.Object({
  defaultTTL: Type.Optional(EpochMillis({ description: 'Expiry (epoch ms, 1970–2200) of the items that give none' })),
});

export const BulkAddResponse = Type.Object(
  {
    status: Type.Unsafe<'SUCCESS' | 'PARTIAL_FAILED' | 'FAILED'>({ type: 'string', enum: ['SUCCESS', 'PARTIAL_FAILED', 'FAILED'] }),
    numOfAddedElements: Type.Integer({ description: 'New elements' }),
    numOfMergedElements: Type.Integer({ description: 'Existing elements updated' }),
    numOfFailedElements: Type.Integer({ description: 'Items refused' }),
    failures: Type.Array(
      Type.Object({
        index: Type.Integer({ description: 'Position of the item in the request' }),
        value: Type.Unknown({ description: 'Its value' }),
        field: Type.String({ description: 'The field at fault (`body.<index>.value`)' }),
        reason: Type.String(),
      }),
      { description: 'The refused items (the first 1000)' },
    ),
  },
  { description: 'What a bulk add did' },
);

export const SearchLookupElementsBody = Type.Object(
  {
    filter: Type.Optional(
      Type.Object(
        {
          searchTerm: Type.Optional(Type.String({ description: 'Elements whose value or comment contains it (any case)' })),
          byIds: Type.Optional(Type.Array(RowId({}), { maxItems: 1000, description: 'Elements with one of these ids' })),
          byValues: Type.Optional(Type.Array(Type.String(), { maxItems: 1000, description: 'Elements with exactly one of these values' })),
        },
        { description: 'Given filters must all hold; none returns every element' },
      ),
    ),
    pagination: Type.Optional(Pagination),
  },
  { description: 'Filter and page the elements of a list' },
);

export const LookupElementPage = Type.Object({
  total: Type.Integer({ description: 'Elements matching the filter, on every page' }),
  results: Type.Array(LookupElementResponse),
  pagination: PaginationResponse,
});

export const ListIdParams = Type.Object({ id: Guid('GUID of the lookup list') });
export const ListPathParams = Type.Object({ lookupListId: Guid('GUID of the lookup list') });
export const ElementParams = Type.Object({
  lookupListId: Guid('GUID of the lookup list'),
  id: Type.Integer({ minimum: -2_147_483_648, maximum: 2_147_483_647, description: 'Id of the element' }),
});

export function listToWire(list: LookupList): LookupListResponse {
  return { id: list.id, name: list.name, description: list.description };
}

export function elementToWire(element: LookupElement): LookupElementResponse {
  return { id: element.id, value: element.value, comment: element.comment ?? '', expirationDate: element.expiresAt };
}
