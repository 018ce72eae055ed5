import { AppError } from '../../shared/app-error.js';

/** Errors of the tokens module: log shipping tokens (reference appendix A) and API tokens for sub accounts. */
export const tokenErrors = {
  shippingTokenNotFound: (tokenId: number) =>
    new AppError('not_found', `log shipping token ${tokenId} not found`, {
      wireCode: 'log-shipping-tokens/TOKEN_NOT_FOUND',
      parameters: { tokenId },
    }),
  shippingTokenLimitReached: (maxAllowedTokens: number) =>
    new AppError(
      'invalid_argument',
      `an account may have at most ${maxAllowedTokens} enabled log shipping tokens; disable or delete one first`,
      {
        wireCode: 'log-shipping-tokens/MAX_TOKENS_REACHED',
        parameters: { field: 'body.enabled', maxAllowedTokens },
      },
    ),
  lastEnabledShippingToken: () =>
    new AppError('invalid_argument', 'an account must keep at least one enabled log shipping token', {
      wireCode: 'log-shipping-tokens/LAST_ENABLED_TOKEN',
      parameters: { field: 'params.id', rule: 'last-enabled-token' },
    }),
  /** Logz.io's own text (reference, api-tokens: format C). */
  apiTokenNeedsMainAccount: () =>
    new AppError(
      'permission_denied',
      'Forbidden. Attempted to create an API token for a sub account using an illegal owner account token.',
      {
        wireCode: 'api-tokens/MAIN_ACCOUNT_TOKEN_REQUIRED',
      },
    ),
  apiTokenAccountNotFound: (accountId: number) =>
    new AppError('not_found', 'Not Found. Could not find the sub account associated with this request.', {
      wireCode: 'api-tokens/ACCOUNT_NOT_FOUND',
      parameters: { accountId },
    }),
};
