import { Type, type Static } from '@sinclair/typebox';
import { BooleanOrString } from '../../shared/boolean-or-string.js';
import { SAFE_NAME_PATTERN } from '../../shared/safe-name.js';
import type { ShippingToken } from './shipping-token-repository.js';
import type { CreatedApiToken } from './token-service.js';

const Int32 = (description: string) => Type.Integer({ minimum: -2_147_483_648, maximum: 2_147_483_647, description });

export const TokenIdParams = Type.Object({ id: Int32('Id of the token') });
export type TokenIdParams = Static<typeof TokenIdParams>;

// `enabled` and `descending` arrive as "true"/"false" strings from the Terraform client; ajv coerces them.
export const CreateShippingTokenBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200, pattern: SAFE_NAME_PATTERN, description: 'Descriptive name of the token' }),
    enabled: Type.Optional(BooleanOrString({ description: 'Whether the token accepts logs; default true' })),
  },
  { description: 'A log shipping token to create' },
);
export type CreateShippingTokenBody = Static<typeof CreateShippingTokenBody>;

export const UpdateShippingTokenBody = Type.Object(
  {
    name: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, pattern: SAFE_NAME_PATTERN, description: 'New name; unchanged when omitted' }),
    ),
    enabled: Type.Optional(BooleanOrString({ description: 'Enable (true) or disable (false); unchanged when omitted' })),
  },
  { description: 'Rename and/or enable or disable a token' },
);
export type UpdateShippingTokenBody = Static<typeof UpdateShippingTokenBody>;

export const ShippingTokenResponse = Type.Object(
  {
    name: Type.String(),
    id: Type.Integer(),
    token: Type.String({ description: 'The token the shippers send' }),
    updatedAt: Type.Number({ description: 'Epoch seconds' }),
    updatedBy: Type.Unsafe<string | null>({ type: 'string', nullable: true, description: 'E-mail of the last user to change it' }),
    createdAt: Type.Number({ description: 'Epoch seconds' }),
    createdBy: Type.Unsafe<string | null>({ type: 'string', nullable: true, description: 'E-mail of the user who created it' }),
    enabled: Type.Boolean(),
  },
  { description: 'A log shipping token' },
);
export type ShippingTokenResponse = Static<typeof ShippingTokenResponse>;

const Pagination = Type.Object(
  {
    pageNumber: Type.Integer({
      minimum: 1,
      maximum: 2_147_483_647,
      default: 1,
      description: 'Page to return, from 1; past the end gives an empty page',
    }),
    pageSize: Type.Integer({ minimum: 1, maximum: 1000, default: 25, description: 'Results per page' }),
  },
  { description: 'Which page of results' },
);

export const SearchShippingTokensBody = Type.Object(
  {
    filter: Type.Optional(Type.Object({ enabled: BooleanOrString({ description: 'Only enabled (true) or disabled (false) tokens' }) })),
    sort: Type.Optional(
      Type.Array(
        Type.Object({
          field: Type.Unsafe<'createdAt' | 'name'>({ type: 'string', enum: ['createdAt', 'name'], description: 'Sort key' }),
          descending: Type.Optional(BooleanOrString({ description: 'Descending order; default false' })),
        }),
        { maxItems: 2 },
      ),
    ),
    pagination: Type.Optional(Pagination),
  },
  { description: "Filter, sort and page the account's tokens" },
);
export type SearchShippingTokensBody = Static<typeof SearchShippingTokensBody>;

export const ShippingTokenPage = Type.Object({
  total: Type.Integer({ description: 'Tokens matching the filter, on every page' }),
  results: Type.Array(ShippingTokenResponse),
  pagination: Type.Object({ pageNumber: Type.Integer(), pageSize: Type.Integer() }),
});

export const ShippingTokenLimits = Type.Object({
  maxAllowedTokens: Type.Integer({ description: 'Enabled tokens an account may have' }),
  numOfEnabledTokens: Type.Integer({ description: 'Enabled tokens the account has' }),
});

export const CreateApiTokenBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200, pattern: SAFE_NAME_PATTERN, description: 'Name of the new API token' }),
    accountId: Int32('The sub account (or the main account) the token acts on'),
  },
  { description: 'An API token to create with a main-account token' },
);
export type CreateApiTokenBody = Static<typeof CreateApiTokenBody>;

export const ApiTokenResponse = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  token: Type.String({ description: 'The API token; shown only here' }),
  createdAt: Type.Number({ description: 'Epoch seconds' }),
});
export type ApiTokenResponse = Static<typeof ApiTokenResponse>;

/** Reference §1.7: shipping-token and API-token dates are epoch seconds (with a fraction). */
const toSeconds = (epochMs: number): number => epochMs / 1000;

export function shippingTokenToWire(token: ShippingToken): ShippingTokenResponse {
  return {
    name: token.name,
    id: token.id,
    token: token.token,
    updatedAt: toSeconds(token.updatedAt),
    updatedBy: token.updatedBy,
    createdAt: toSeconds(token.createdAt),
    createdBy: token.createdBy,
    enabled: token.enabled,
  };
}

export function apiTokenToWire(created: CreatedApiToken): ApiTokenResponse {
  return { id: created.record.id, name: created.record.name, token: created.token, createdAt: toSeconds(created.record.createdAt) };
}
