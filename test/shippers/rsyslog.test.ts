import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sqliteBackend } from '../support/control-plane-backends.js';
import { freePort, sendWithLogger, startExternal, waitForPort, type ExternalProcess } from '../support/external-process.js';
import { openLogReader, type LogReader } from '../support/log-reader.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Debian's rsyslog (scripts/prepare-test-machine.sh installs it) with omelasticsearch and omfwd, as in real-clients.md A4/A5. */
function rsyslogConfig(dir: string, ports: { esIn: number; fwdIn: number; listener: number; syslog: number }, token: string): string {
  return `
global(workDirectory="${dir}/work")
module(load="imtcp")
module(load="omelasticsearch")
input(type="imtcp" port="${ports.esIn}" address="127.0.0.1" ruleset="toES")
input(type="imtcp" port="${ports.fwdIn}" address="127.0.0.1" ruleset="toLogzio")
template(name="esjson" type="list" option.json="on") {
  constant(value="{\\"@timestamp\\":\\"") property(name="timereported" dateFormat="rfc3339")
  constant(value="\\",\\"host\\":\\"")     property(name="hostname")
  constant(value="\\",\\"severity\\":\\"") property(name="syslogseverity-text")
  constant(value="\\",\\"facility\\":\\"") property(name="syslogfacility-text")
  constant(value="\\",\\"program\\":\\"")  property(name="programname")
  constant(value="\\",\\"message\\":\\"")  property(name="msg")
  constant(value="\\"}")
}
template(name="logzioFormat" type="string" string="[${token}] <%pri%>%protocol-version% %timestamp:::date-rfc3339% %HOSTNAME% %app-name% %procid% %msgid% [type=syslog] %msg%\\n")
ruleset(name="toES") {
  action(type="omelasticsearch" server="127.0.0.1" serverport="${ports.listener}" searchIndex="rsyslog-test" template="esjson"
         bulkmode="on" esVersion.major="8" uid="rsyslog" pwd="${token}" queue.type="linkedlist" queue.dequeuebatchsize="100"
         action.resumeretrycount="-1" errorfile="${dir}/es-errors.json")
}
ruleset(name="toLogzio") {
  action(type="omfwd" protocol="tcp" target="127.0.0.1" port="${ports.syslog}" template="logzioFormat" queue.type="linkedlist" action.resumeRetryCount="-1")
}
`;
}

describe('real shipper: rsyslog (omelasticsearch and omfwd in Logz.io format)', () => {
  let t: TestApp;
  let reader: LogReader;
  let rsyslog: ExternalProcess;
  let dir: string;
  let ports: { esIn: number; fwdIn: number; listener: number; syslog: number };
  before(async () => {
    t = await startTestApp({ backend: sqliteBackend });
    const listening = await t.listen();
    reader = openLogReader(t.config);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logward-rsyslog-'));
    fs.mkdirSync(path.join(dir, 'work'));
    ports = { esIn: await freePort(), fwdIn: await freePort(), listener: listening.listenerPort, syslog: listening.syslogTcpPort };
    fs.writeFileSync(path.join(dir, 'rsyslog.conf'), rsyslogConfig(dir, ports, t.shippingToken));
    rsyslog = startExternal('rsyslogd', ['-n', '-f', path.join(dir, 'rsyslog.conf'), '-i', path.join(dir, 'rsyslogd.pid')]);
    await waitForPort(ports.esIn);
    await waitForPort(ports.fwdIn);
  });
  after(async () => {
    await rsyslog.stop();
    reader.close();
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('omelasticsearch sends _bulk that is stored with the template fields', async () => {
    await sendWithLogger(ports.esIn, ['-t', 'sshd', 'Failed password for root from 10.0.0.1 port 22 ssh2']);
    const [log] = await reader.waitFor(t.mainAccountId, 1, "type = 'rsyslog-test'");
    assert.equal(log?.message, 'Failed password for root from 10.0.0.1 port 22 ssh2', rsyslog.output());
    assert.equal(log?.source.program, 'sshd');
    assert.equal(log?.source.severity, 'notice');
    assert.equal(log?.source.facility, 'user');
    assert.ok(Math.abs((log?.timestampMs ?? 0) - Date.now()) < 60_000);
    assert.equal(fs.existsSync(path.join(dir, 'es-errors.json')), false);
  });

  it('omfwd sends Logz.io-format syslog over TCP that is stored with parsed fields', async () => {
    await sendWithLogger(ports.fwdIn, ['-t', 'sshd', '-i', 'Invalid user oracle from 198.51.100.7 port 50122']);
    const [log] = await reader.waitFor(t.mainAccountId, 1, "type = 'syslog' AND message LIKE 'Invalid user oracle%'");
    assert.equal(log?.message, 'Invalid user oracle from 198.51.100.7 port 50122', rsyslog.output());
    assert.equal(log?.source.program, 'sshd');
    assert.equal(typeof log?.source.pid, 'number');
    assert.equal(log?.source.severity, 'notice');
    assert.equal(typeof log?.source.host, 'string');
  });
});
