import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import { openLogReader, type LogReader } from '../support/log-reader.js';
import { sqliteBackend } from '../support/control-plane-backends.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The shippers are CommonJS without type declarations: describe the little we call.
interface LogzioLogger {
  log(message: unknown): void;
  close(): void;
  sendAndClose(callback: (error?: unknown) => void): void;
}
interface WinstonLogger {
  info(message: string, meta?: Record<string, unknown>): void;
  error(error: Error): void;
  close(): void;
  on(event: 'finish', listener: () => void): void;
}
interface WinstonModule {
  createLogger(options: { format: unknown; transports: unknown[] }): WinstonLogger;
  format: { simple(): unknown };
}

const require = createRequire(import.meta.url);
const logzio = require('logzio-nodejs') as { createLogger(options: Record<string, unknown>): LogzioLogger };
const winston = require('winston') as WinstonModule;
const LogzioWinstonTransport = require('winston-logzio') as new (options: Record<string, unknown>) => unknown;

describe('real shippers: logzio-nodejs and winston-logzio', () => {
  let t: TestApp;
  let port: number;
  let udpPort: number;
  let reader: LogReader;
  before(async () => {
    t = await startTestApp({ backend: sqliteBackend });
    ({ listenerPort: port, syslogUdpPort: udpPort } = await t.listen());
    reader = openLogReader(t.config);
  });
  after(async () => {
    reader.close();
    await t.close();
  });

  for (const compress of [false, true]) {
    it(`logzio-nodejs over HTTP (compress ${compress}) stores messages and structured logs`, async () => {
      const type = compress ? 'nodegz' : 'nodeapp';
      const logger = logzio.createLogger({
        token: t.shippingToken,
        protocol: 'http',
        host: '127.0.0.1',
        port,
        type,
        bufferSize: 3,
        sendIntervalMs: 200,
        extraFields: { env: 'test' },
        compress,
        numberOfRetries: 1,
      });
      logger.log('hello');
      logger.log({ message: 'structured', user: 'bob', order: { amount: 12.5 } });
      const error = await new Promise<unknown>((resolve) => logger.sendAndClose(resolve));
      assert.equal(error ?? undefined, undefined);
      const logs = await reader.waitFor(t.mainAccountId, 2, `type = '${type}'`);
      const structured = logs.find((log) => log.message === 'structured');
      assert.deepEqual(logs.map((log) => log.message).sort(), ['hello', 'structured']);
      assert.equal(structured?.source.user, 'bob');
      assert.deepEqual(structured?.source.order, { amount: 12.5 });
      assert.equal(structured?.source.env, 'test');
      assert.ok(logs.every((log) => Math.abs(log.timestampMs - Date.now()) < 60_000));
    });
  }

  it('logzio-nodejs over UDP sends JSON datagrams with the token inside', async () => {
    // Over UDP the shipper never calls back on success: wait for the log, then close it.
    const logger = logzio.createLogger({
      token: t.shippingToken,
      protocol: 'udp',
      host: '127.0.0.1',
      port: udpPort,
      type: 'nodeudp',
      bufferSize: 1,
    });
    logger.log('udp one');
    const [log] = await reader.waitFor(t.mainAccountId, 1, "type = 'nodeudp'");
    logger.close();
    assert.equal(log?.message, 'udp one');
  });

  it('winston-logzio stores levels and metadata', async () => {
    const transport = new LogzioWinstonTransport({
      level: 'info',
      name: 'winston_logzio',
      token: t.shippingToken,
      protocol: 'http',
      host: '127.0.0.1',
      port,
      type: 'winstonapp',
      sendIntervalMs: 200,
    });
    const logger = winston.createLogger({ format: winston.format.simple(), transports: [transport] });
    logger.info('winston hello', { userId: 42 });
    logger.error(new Error('boom'));
    const logs = await reader.waitFor(t.mainAccountId, 2, "type = 'winstonapp'");
    logger.close();
    const hello = logs.find((log) => log.message === 'winston hello');
    assert.equal(hello?.source.userId, 42);
    assert.equal(hello?.source.level, 'info');
    assert.equal(logs.find((log) => log.message === 'boom')?.source.level, 'error');
  });
});
