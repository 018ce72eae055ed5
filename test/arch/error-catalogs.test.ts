import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { httpErrors } from '../../src/http/errors/http-errors.js';
import { ingestErrors } from '../../src/ingest/ingest-errors.js';
import { accountErrors } from '../../src/modules/accounts/account-errors.js';
import { authGroupErrors } from '../../src/modules/auth-groups/auth-group-errors.js';
import { dropFilterErrors } from '../../src/modules/drop-filters/drop-filter-errors.js';
import { s3FetcherErrors } from '../../src/modules/s3-fetchers/s3-fetcher-errors.js';
import { archiveErrors } from '../../src/modules/archive/archive-errors.js';
import { searchErrors } from '../../src/modules/search/search-errors.js';
import { securityErrors } from '../../src/modules/security/security-errors.js';
import { tokenErrors } from '../../src/modules/tokens/token-errors.js';
import { userErrors } from '../../src/modules/users/user-errors.js';
import { isAppError } from '../../src/shared/app-error.js';
import { clickhouseErrors } from '../../src/storage/clickhouse/clickhouse-errors.js';

const catalogs: Record<string, Record<string, (...args: never[]) => unknown>> = {
  httpErrors,
  ingestErrors,
  accountErrors,
  authGroupErrors,
  dropFilterErrors,
  s3FetcherErrors,
  archiveErrors,
  searchErrors,
  securityErrors,
  tokenErrors,
  userErrors,
  clickhouseErrors,
};

/** Decision 0310: `<area>/<UPPER_SNAKE>`, Logz.io's areas spelled as Logz.io spells them. */
const WIRE_CODE = /^[A-Za-z][A-Za-z_-]*\/[A-Z][A-Z_]*$/;

describe('error catalogs', () => {
  for (const [catalog, factories] of Object.entries(catalogs)) {
    it(`${catalog}: every factory makes an AppError with a wire code in the one style`, () => {
      for (const [name, factory] of Object.entries(factories)) {
        // Any value will do for the texts; an AppError also serves the factories that re-kind one.
        const args = Array.from({ length: factory.length }, () => httpErrors.badRequest('sample')) as never[];
        const error = factory(...args);
        assert.ok(isAppError(error), `${catalog}.${name}`);
        assert.match(error.wireCode ?? '', WIRE_CODE, `${catalog}.${name}`);
        assert.notEqual(error.message, '', `${catalog}.${name}`);
      }
    });
  }
});
