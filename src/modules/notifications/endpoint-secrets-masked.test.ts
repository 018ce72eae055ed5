import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MASKED, maskedHeaders, maskedSettings, maskedUrl } from './endpoint-secrets-masked.js';

describe('endpoint secrets masked', () => {
  it('keeps scheme, host and port of a URL and hides user info, path, query and fragment', () => {
    assert.equal(maskedUrl('https://u:p@hooks.example:8443/a/b?token=x#y'), `https://hooks.example:8443/${MASKED}`);
    assert.equal(maskedUrl('https://hooks.example/'), 'https://hooks.example/');
    assert.equal(maskedUrl('https://hooks.example?x=1'), `https://hooks.example/${MASKED}`);
    assert.equal(maskedUrl('not a url'), MASKED);
  });

  it('keeps header names and hides their values', () => {
    assert.equal(maskedHeaders('authKey=abc, X-Env=prod,'), `authKey=${MASKED},X-Env=${MASKED}`);
    assert.equal(maskedHeaders(''), '');
  });

  it('hides every key of a type and leaves what is no secret', () => {
    assert.deepEqual(maskedSettings({ slug: 'victorops', routingKey: 'r', messageType: 'CRITICAL', serviceApiKey: 's' }), {
      slug: 'victorops',
      routingKey: MASKED,
      messageType: 'CRITICAL',
      serviceApiKey: MASKED,
    });
    assert.deepEqual(maskedSettings({ slug: 'data-dog', apiKey: '' }), { slug: 'data-dog', apiKey: '' });
  });
});
