import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sqliteBackend } from '../support/control-plane-backends.js';
import { freePort, sendWithLogger, startExternal, waitForPort, type ExternalProcess } from '../support/external-process.js';
import { openLogReader, type LogReader } from '../support/log-reader.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Extracted from Debian's debs by scripts/prepare-test-machine.sh, since syslog-ng conflicts with rsyslog (real-clients.md A6). */
const ROOT = `${process.env.LOGWARD_SYSLOG_NG_ROOT ?? '/opt/logward-test/syslog-ng'}/root`;

function syslogNgConfig(inPort: number, listenerPort: number, token: string): string {
  return `@version: 3.38
@include "${ROOT}/usr/share/syslog-ng/include/scl/elasticsearch/elastic-http.conf"
options { stats-freq(0); keep-hostname(yes); time-reopen(1); };
source s_net { network(transport("tcp") ip("127.0.0.1") port(${inPort})); };
destination d_logzio_http {
  http(url("http://127.0.0.1:${listenerPort}/?token=${token}&type=syslog-ng") method("POST") user-agent("syslog-ng")
       headers("Content-Type: text/plain") batch-lines(50) batch-timeout(200)
       body("$(format-json --scope rfc5424 --exclude DATE --key ISODATE @timestamp=\${ISODATE} message=\${MESSAGE})")
       delimiter("\\n"));
};
destination d_es { elasticsearch-http(url("http://127.0.0.1:${listenerPort}/_bulk") index("syslog-ng-es") type("") user("syslog-ng") password("${token}") batch_lines(50) batch-timeout(200) workers(1)); };
log { source(s_net); destination(d_logzio_http); destination(d_es); };
`;
}

describe('real shipper: syslog-ng http() and elasticsearch-http()', () => {
  let t: TestApp;
  let reader: LogReader;
  let syslogNg: ExternalProcess;
  let dir: string;
  let inPort: number;
  before(async () => {
    t = await startTestApp({ backend: sqliteBackend });
    const { listenerPort } = await t.listen();
    reader = openLogReader(t.config);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logward-syslog-ng-'));
    inPort = await freePort();
    fs.writeFileSync(path.join(dir, 'syslog-ng.conf'), syslogNgConfig(inPort, listenerPort, t.shippingToken));
    syslogNg = startExternal(
      `${ROOT}/usr/sbin/syslog-ng`,
      [
        '-F',
        '-e',
        `--module-path=${ROOT}/usr/lib/syslog-ng/3.38`,
        '-f',
        path.join(dir, 'syslog-ng.conf'),
        '-R',
        path.join(dir, 'persist'),
        '-c',
        path.join(dir, 'ctl'),
        '-p',
        path.join(dir, 'pid'),
      ],
      { LD_LIBRARY_PATH: `${ROOT}/usr/lib/syslog-ng` },
    );
    await waitForPort(inPort);
  });
  after(async () => {
    await syslogNg.stop();
    reader.close();
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('both destinations deliver a syslog message with its fields', async () => {
    await sendWithLogger(inPort, [
      '--rfc3164',
      '-t',
      'sshd',
      '-i',
      'Failed password for invalid user admin from 203.0.113.9 port 4242 ssh2',
    ]);
    const [viaHttp] = await reader.waitFor(t.mainAccountId, 1, "type = 'syslog-ng'");
    assert.equal(viaHttp?.message, 'Failed password for invalid user admin from 203.0.113.9 port 4242 ssh2', syslogNg.output());
    assert.equal(viaHttp?.source.PROGRAM, 'sshd');
    assert.equal(typeof viaHttp?.source.HOST, 'string');
    assert.ok(Math.abs((viaHttp?.timestampMs ?? 0) - Date.now()) < 60_000);
    const [viaEs] = await reader.waitFor(t.mainAccountId, 1, "type = 'syslog-ng-es'");
    assert.equal(viaEs?.message, 'Failed password for invalid user admin from 203.0.113.9 port 4242 ssh2', syslogNg.output());
    assert.equal(viaEs?.source.PROGRAM, 'sshd');
  });
});
