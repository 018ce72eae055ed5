import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { createSecretBox } from './secret-box.js';

describe('secret box', () => {
  it('seals with a fresh IV and opens what it sealed', () => {
    const box = createSecretBox(randomBytes(32));
    const a = box.seal('{"apiKey":"k"}');
    assert.notEqual(a, box.seal('{"apiKey":"k"}'));
    assert.doesNotMatch(a, /apiKey/);
    assert.equal(box.open(a), '{"apiKey":"k"}');
  });

  it('refuses a tampered value or another key without revealing anything', () => {
    const box = createSecretBox(randomBytes(32));
    const sealed = box.seal('secret');
    const parts = sealed.split('.');
    const tampered = [parts[0], parts[1], parts[2], Buffer.from('other').toString('base64url')].join('.');
    assert.throws(() => box.open(tampered), /cannot be decrypted/);
    assert.throws(() => createSecretBox(randomBytes(32)).open(sealed), /cannot be decrypted/);
    assert.throws(() => createSecretBox(randomBytes(16)), /32 bytes/);
  });
});
