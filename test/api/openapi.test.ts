import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import SwaggerParser from '@apidevtools/swagger-parser';
import { sqliteBackend } from '../support/control-plane-backends.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('OpenAPI document', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ backend: sqliteBackend });
  });
  after(async () => t.close());

  it('is a valid OpenAPI 3 document generated from the route schemas', async () => {
    const response = await t.api.inject({ method: 'GET', url: '/openapi.json' });
    assert.equal(response.statusCode, 200);
    const document = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    assert.match(document.openapi, /^3\./);
    assert.ok(document.paths['/v2/whoami'], 'whoami is documented');
    await SwaggerParser.validate(structuredClone(document) as never);
  });

  it('serves a human-readable docs page', async () => {
    const response = await t.api.inject({ method: 'GET', url: '/docs/' });
    assert.equal(response.statusCode, 200);
    assert.match(response.body, /swagger-ui/i);
  });
});
