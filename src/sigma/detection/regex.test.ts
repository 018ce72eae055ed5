import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { luceneRegexToRe2 } from '../../storage/clickhouse/search/text-sql.js';
import { cidrPattern } from './cidr.js';
import { sigmaRegex } from './regex.js';

/** What the engine finally runs: the plan through the compiler's Lucene → RE2 translation, read by JavaScript. */
function engineRegex(source: string, ignoreCase = false): RegExp {
  const result = sigmaRegex(source, { ignoreCase, multiline: false });
  assert.ok(result.ok, source);
  const re2 = luceneRegexToRe2(result.plan.pattern, ['NONE']).replace(/^\^\(\?s:/, '^(?:');
  return new RegExp(re2, `s${result.plan.caseInsensitive ? 'i' : ''}`);
}

describe('Sigma regular expressions', () => {
  it('match anywhere unless anchored, with PCRE class escapes', () => {
    const re = engineRegex('\\s/c\\s+who(ami)?\\s');
    assert.ok(re.test('cmd.exe /c whoami /all'));
    assert.ok(!re.test('cmd.exe/cwhoami'));
    assert.ok(engineRegex('^C:\\\\Windows\\\\[^\\\\]+\\\\cmd\\.exe$').test('C:\\Windows\\System32\\cmd.exe'));
    assert.ok(!engineRegex('^C:\\\\Windows\\\\[^\\\\]+\\\\cmd\\.exe$').test('C:\\Windows\\a\\b\\cmd.exe'));
    assert.ok(engineRegex('\\d{3}-\\w+').test('id 123-abc'));
    assert.ok(!engineRegex('\\d{3}-\\w+').test('id 12-abc'));
    assert.ok(engineRegex('[\\d.]+:\\d+').test('at 10.1.2.3:445'));
    assert.ok(engineRegex('[a\\-z]').test('-'), 'an escaped dash in a class is literal');
    assert.ok(!engineRegex('[a\\-z]').test('m'));
    assert.ok(engineRegex('say "hi"@home').test('they say "hi"@home'), 'Lucene operators stay literal');
    assert.ok(engineRegex('\\x41\\t').test('A\t'));
  });

  it('takes case-insensitivity from re|i or (?i)', () => {
    assert.ok(!engineRegex('WHOAMI').test('whoami'));
    assert.ok(engineRegex('WHOAMI', true).test('whoami'));
    assert.ok(engineRegex('(?i)\\s(-u|--user)\\s*:').test('curl --USER :'));
  });

  it('refuses what RE2 or Lucene cannot run', () => {
    for (const source of ['(?=x)a', '(?<!x)a', '(a)\\1', 'a\\bb', 'a^b', 'a|^b', '[\\D]']) {
      const result = sigmaRegex(source, { ignoreCase: false, multiline: false });
      assert.equal(result.ok, false, source);
    }
    assert.equal(sigmaRegex('^a', { ignoreCase: false, multiline: true }).ok, false);
  });
});

describe('Sigma cidr', () => {
  it('covers exactly the addresses of an IPv4 network', () => {
    const re = (cidr: string): RegExp => new RegExp(`^${cidrPattern(cidr) ?? 'never'}$`);
    assert.ok(re('10.16.0.0/12').test('10.31.255.1'));
    assert.ok(!re('10.16.0.0/12').test('10.32.0.1'));
    assert.ok(!re('10.16.0.0/12').test('10.15.0.1'));
    assert.ok(re('192.168.1.0/24').test('192.168.1.77'));
    assert.ok(!re('192.168.1.0/24').test('192.168.10.7'));
    assert.ok(re('127.0.0.1/32').test('127.0.0.1'));
    assert.ok(re('0.0.0.0/0').test('8.8.8.8'));
    assert.equal(cidrPattern('::1/128'), null);
    assert.equal(cidrPattern('10.0.0.0/33'), null);
  });
});
