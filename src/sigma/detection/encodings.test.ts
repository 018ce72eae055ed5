import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { base64Of, base64OffsetsOf, encodeText, windashForms } from './encodings.js';
import { parseSigmaString, plainText, toLuceneWildcard } from './sigma-string.js';

describe('Sigma value encodings', () => {
  it('base64offset finds the value at any offset inside a larger encoded text', () => {
    for (const value of ['http', 'DownloadString', 'ab']) {
      const forms = base64OffsetsOf(encodeText(value, 'utf8'));
      assert.equal(forms.length, 3);
      for (const before of ['', 'x', 'xy', 'xyz', 'wxyz']) {
        for (const afterText of ['', 'q', 'qr', 'qrs']) {
          const encoded = Buffer.from(`${before}${value}${afterText}`).toString('base64');
          assert.ok(
            forms.some((form) => encoded.includes(form)),
            `${before}|${value}|${afterText}`,
          );
        }
      }
    }
    // The forms Sigma's documentation gives for `/bin/bash`.
    assert.deepEqual(base64OffsetsOf(encodeText('/bin/bash', 'utf8')), ['L2Jpbi9iYXNo', '9iaW4vYmFza', 'vYmluL2Jhc2']);
  });

  it('encodes UTF-16 before base64', () => {
    assert.equal(base64Of(encodeText('A', 'utf16le')), 'QQA=');
    assert.equal(base64Of(encodeText('A', 'utf16be')), 'AEE=');
    assert.equal(base64Of(encodeText('A', 'utf16')), '//5BAA==');
  });

  it('windash spells option switches with every dash, keeping wildcards and other dashes', () => {
    const forms = windashForms(parseSigmaString(' -exec bypass*a-x'));
    assert.ok(forms !== null);
    assert.deepEqual(forms.map(toLuceneWildcard), [
      ' -exec bypass*a-x',
      ' /exec bypass*a-x',
      ' \u2013exec bypass*a-x',
      ' \u2014exec bypass*a-x',
      ' \u2015exec bypass*a-x',
    ]);
    assert.equal(windashForms(parseSigmaString('a-b'))?.length, 1, 'a dash inside a word is not a switch');
    assert.equal(windashForms(parseSigmaString('-a -b'))?.length, 25);
    assert.equal(windashForms(parseSigmaString('-a -b -c -d')), null);
  });

  it('reads wildcards and escapes as Sigma defines them', () => {
    // `\*` is a literal star; a backslash before any other character is itself.
    assert.equal(toLuceneWildcard(parseSigmaString('C:\\Windows\\*.exe')), 'C:\\\\Windows\\*.exe');
    assert.equal(toLuceneWildcard(parseSigmaString('C:\\Windows\\\\*.exe')), 'C:\\\\Windows\\\\*.exe');
    assert.equal(toLuceneWildcard(parseSigmaString('a?b**c')), 'a?b*c');
    assert.equal(plainText(parseSigmaString('\\\\server\\share')), '\\server\\share');
  });
});
