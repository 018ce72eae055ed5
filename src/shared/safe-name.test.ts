import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SAFE_NAME_PATTERN, printableName } from './safe-name.js';

describe('safe names', () => {
  const safe = new RegExp(SAFE_NAME_PATTERN, 'u');
  it('refuses controls and bidi overrides, keeps other scripts', () => {
    for (const bad of ['a\u0000b', 'tab\there', 'line\nbreak', 'evil\u202Etxt.exe', '\u2066x\u2069', 'x\u200Fy', 'c1\u0085'])
      assert.equal(safe.test(bad), false, JSON.stringify(bad));
    for (const good of ['team-a', 'Équipe données', 'فريق', 'チーム', 'a b (c)']) assert.equal(safe.test(good), true, good);
  });
  it('prints unsafe characters as escapes', () => {
    assert.equal(printableName('evil\u202Etxt.exe\u0000'), 'evil\\u202etxt.exe\\u0000');
  });
});
