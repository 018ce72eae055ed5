import { Type, type TSchema } from '@sinclair/typebox';

/** Schema keyword the API's body validator implements: a "true"/"false" string becomes the boolean. */
export const BOOLEAN_OR_STRING_KEYWORD = 'x-boolean-or-string';

/**
 * A boolean the Terraform provider sends as the string "true" or "false" (sub-account flags, alert and
 * token `enabled`, sort `descending`). Bodies are never coerced otherwise, so only these fields take a
 * string, and only those two.
 */
export const BooleanOrString = (options: { readonly description: string }): TSchema & { static: boolean } =>
  Type.Unsafe<boolean>({
    anyOf: [{ type: 'boolean' }, { type: 'string', enum: ['true', 'false'] }],
    [BOOLEAN_OR_STRING_KEYWORD]: true,
    ...options,
  });
