import { Type, type Static } from '@sinclair/typebox';

/** Logz.io's current error body (reference §1.4 format A). */
export const ErrorBody = Type.Object(
  {
    errorCode: Type.String({ description: 'Area and code, e.g. user-management/USER_ALREADY_EXIST' }),
    message: Type.String({ description: 'What was wrong and, where it helps, how to fix it' }),
    requestId: Type.String({ description: 'Id of the request, also in the x-request-id header and the service log' }),
    parameters: Type.Record(Type.String(), Type.Unknown(), { description: 'Context of the error, e.g. the field' }),
  },
  { $id: 'ErrorBody', description: 'Error in the Logz.io format' },
);
export type ErrorBody = Static<typeof ErrorBody>;

/** Logz.io's legacy body, still what its API answers to a bad token (reference §1.3). */
export const LegacyErrorBody = Type.Object(
  { code: Type.Integer(), message: Type.String() },
  { $id: 'LegacyErrorBody', description: 'Authorisation error in the legacy Logz.io format' },
);
export type LegacyErrorBody = Static<typeof LegacyErrorBody>;
