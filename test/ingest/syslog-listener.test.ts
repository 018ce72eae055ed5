import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { openLogReader, type LogReader } from '../support/log-reader.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

function sendTcp(port: number, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(text));
    socket.on('close', () => resolve());
    socket.on('error', reject);
  });
}

function sendUdp(port: number, message: string): Promise<void> {
  const socket = dgram.createSocket('udp4');
  return new Promise((resolve, reject) => {
    socket.send(message, port, '127.0.0.1', (error) => {
      socket.close();
      if (error === null) resolve();
      else reject(error);
    });
  });
}

for (const backend of controlPlaneBackends) {
  describe(`syslog listener (${backend.name})`, () => {
    let t: TestApp;
    let tcpPort: number;
    let udpPort: number;
    let reader: LogReader;
    before(async () => {
      t = await startTestApp({ backend });
      ({ syslogTcpPort: tcpPort, syslogUdpPort: udpPort } = await t.listen());
      reader = openLogReader(t.config);
    });
    after(async () => {
      reader.close();
      await t.close();
    });

    it('stores Logz.io-format, RFC 5424 and octet-counted RFC 3164 lines over TCP with parsed fields', async () => {
      const now = new Date();
      const iso = now.toISOString().replace(/\.\d{3}Z$/, '+00:00');
      const rfc5424 = `<165>1 ${now.toISOString()} web01 nginx 99 ID47 [logzio token="${t.shippingToken}" type="nginx"] GET /index.html`;
      const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
      const stamp = `${months[now.getUTCMonth()]} ${String(now.getUTCDate()).padStart(2, ' ')} ${now.toISOString().slice(11, 19)}`;
      const rfc3164 = `[${t.shippingToken}] <38>${stamp} vm sshd[17277]: Failed password for root`;
      await sendTcp(
        tcpPort,
        [
          `[${t.shippingToken}] <13>0 ${iso} vm sshd 27453 - [type=syslog]  Invalid user oracle`,
          rfc5424,
          '<13>1 - - - - - - no token here',
          `${Buffer.byteLength(rfc3164)} ${rfc3164}`,
        ].join('\n') + '\n',
      );
      const logs = await reader.waitFor(t.mainAccountId, 3, "type IN ('syslog', 'nginx')");
      const byProgram = new Map(logs.map((log) => [log.source.program, log]));
      const logzio = byProgram.get('sshd');
      assert.equal(logs.length, 3);
      assert.equal(byProgram.get('nginx')?.type, 'nginx');
      assert.equal(byProgram.get('nginx')?.timestampMs, now.getTime());
      assert.deepEqual(byProgram.get('nginx')?.source.facility, 'local4');
      const sshd = logs.filter((log) => log.source.program === 'sshd');
      assert.deepEqual(sshd.map((log) => log.message).sort(), ['Failed password for root', 'Invalid user oracle']);
      assert.equal(logzio?.source.host, 'vm');
      assert.ok(sshd.every((log) => log.type === 'syslog' && Math.abs(log.timestampMs - now.getTime()) < 1000));
      assert.deepEqual(sshd.map((log) => log.source.severity).sort(), ['info', 'notice']);
    });

    it('stores JSON datagrams carrying a token over UDP, as logzio-nodejs sends them', async () => {
      await sendUdp(
        udpPort,
        JSON.stringify({ message: 'udp one', type: 'udpapp', '@timestamp': new Date().toISOString(), token: t.shippingToken }),
      );
      const [log] = await reader.waitFor(t.mainAccountId, 1, "type = 'udpapp'");
      assert.equal(log?.message, 'udp one');
      assert.equal(log?.source.token, undefined);
    });
  });
}
