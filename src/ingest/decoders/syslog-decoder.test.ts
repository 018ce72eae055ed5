import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import { datasetsDir } from '../../../test/support/datasets.js';
import { decodeSyslog } from './syslog-decoder.js';

const RECEIVED = Date.UTC(2026, 10, 21, 12, 0, 0);

describe('decodeSyslog', () => {
  it('reads the line rsyslog sends in Logz.io format (captured)', () => {
    const line = fs.readFileSync(`${datasetsDir()}/shipper-captures/rsyslog-omfwd-logzio-tcp-format.txt`, 'utf8').split('\n')[0] ?? '';
    const entry = decodeSyslog(line, RECEIVED);
    assert.equal(entry?.token, 'MYSHIPPINGTOKEN');
    assert.equal(entry?.type, 'syslog');
    assert.equal(entry?.log.timestampMs, Date.UTC(2026, 10, 21, 11, 1, 5));
    assert.deepEqual(entry?.log.fields, {
      severity: 'notice',
      facility: 'user',
      host: 'vm',
      program: 'sshd',
      pid: 27453,
      message: 'Invalid user oracle from 198.51.100.7 port 50122',
    });
  });

  it('reads RFC 5424 with the token and type in structured data', () => {
    const entry = decodeSyslog(
      '<165>1 2026-11-21T10:00:00.250Z web01 nginx 99 ID47 [logzio token="SDTOKEN" type="nginx"][meta env="prod"] GET /index.html',
      RECEIVED,
    );
    assert.equal(entry?.token, 'SDTOKEN');
    assert.equal(entry?.type, 'nginx');
    assert.equal(entry?.log.timestampMs, Date.UTC(2026, 10, 21, 10, 0, 0, 250));
    assert.deepEqual(entry?.log.fields, {
      severity: 'notice',
      facility: 'local4',
      host: 'web01',
      program: 'nginx',
      pid: 99,
      msgid: 'ID47',
      'sd.meta.env': 'prod',
      message: 'GET /index.html',
    });
  });

  it('reads RFC 5424 with nil values and no structured data', () => {
    const entry = decodeSyslog('[TOK] <14>1 - - - - - - just a message', RECEIVED);
    assert.equal(entry?.token, 'TOK');
    assert.equal(entry?.log.timestampMs, undefined);
    assert.deepEqual(entry?.log.fields, { severity: 'info', facility: 'user', message: 'just a message' });
  });

  it('reads RFC 3164 with and without a host, and the token prefix', () => {
    const entry = decodeSyslog('[TOKEN3164] <38>Nov 21 10:41:21 vm sshd[17277]: Failed password for root', RECEIVED);
    assert.equal(entry?.token, 'TOKEN3164');
    assert.equal(entry?.log.timestampMs, Date.UTC(2026, 10, 21, 10, 41, 21));
    assert.deepEqual(entry?.log.fields, {
      severity: 'info',
      facility: 'auth',
      host: 'vm',
      program: 'sshd',
      pid: 17277,
      message: 'Failed password for root',
    });
    const noHost = decodeSyslog('<13>Nov  1 01:02:03 cron: job done', RECEIVED);
    assert.deepEqual(noHost?.log.fields, { severity: 'notice', facility: 'user', program: 'cron', message: 'job done' });
    const iso = decodeSyslog('<13>2026-11-21T10:41:21+00:00 host1 app: hi', RECEIVED);
    assert.equal(iso?.log.timestampMs, Date.UTC(2026, 10, 21, 10, 41, 21));
    assert.deepEqual(iso?.log.fields, { severity: 'notice', facility: 'user', host: 'host1', program: 'app', message: 'hi' });
  });

  it('reads the JSON datagrams logzio-nodejs sends over UDP', () => {
    const entry = decodeSyslog(
      '{"message":"udp one","type":"udpapp","@timestamp":"2026-11-21T10:00:00.000Z","token":"UDPTOKEN"}',
      RECEIVED,
    );
    assert.equal(entry?.token, 'UDPTOKEN');
    assert.deepEqual(entry?.log.fields, { message: 'udp one', type: 'udpapp', '@timestamp': '2026-11-21T10:00:00.000Z' });
  });

  it('keeps a line without a priority as a message and ignores empty lines', () => {
    assert.deepEqual(decodeSyslog('plain words\r\n', RECEIVED)?.log.fields, { message: 'plain words' });
    assert.equal(decodeSyslog('  \n', RECEIVED), undefined);
  });
});
