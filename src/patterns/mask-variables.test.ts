import assert from 'node:assert/strict';
import { test } from 'node:test';
import { maskShapes, maskToken } from './mask-variables.js';

test('numbers, hex and addresses are masked; digits inside words are not', () => {
  assert.equal(maskToken('blk_-6952295868487656571'), 'blk_-<*>');
  assert.equal(maskToken('10.251.73.220:50010'), '<*>');
  assert.equal(maskToken('0x7fed806eb5d'), '<*>');
  assert.equal(maskToken('appattempt_1445144423722_0020_000001'), 'appattempt_<*>_<*>_<*>');
  assert.equal(maskToken('node-246'), 'node-<*>');
  assert.equal(maskToken('SOCKS5'), 'SOCKS5');
  assert.equal(maskToken('ssh2'), 'ssh2');
  assert.equal(maskToken('error'), 'error');
});

test('host names are variables, with their port and brackets kept apart', () => {
  assert.equal(maskToken('proxy.cse.cuhk.edu.hk:5070'), '<*>');
  assert.equal(maskToken('(24-54-76-216.bflony.adelphia.net)'), '(<*>)');
  assert.equal(maskToken('com.apple.CDScheduler'), 'com.apple.CDScheduler');
});

test('values spanning several tokens are masked before the message is split', () => {
  assert.equal(maskShapes('connection from 1.2.3.4 () at Fri Jun 17 07:07:00 2005'), 'connection from 1.2.3.4 () at <*>');
  assert.equal(maskShapes('lifetime <1 sec'), 'lifetime <*>');
  assert.equal(maskShapes('403 bytes (0.3 KB) sent'), '403 bytes sent');
  assert.equal(maskShapes('"GET /v2/servers/detail?all_tenants=True HTTP/1.1"'), '"GET <*> HTTP/1.1"');
});
