import dgram from 'node:dgram';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { isAppError } from '../../shared/app-error.js';
import type { Clock } from '../../shared/clock.js';
import type { Logger } from '../../shared/logger.js';
import { MAX_LINE_BYTES } from '../decoders/ndjson-decoder.js';
import { decodeSyslog, type SyslogEntry } from '../decoders/syslog-decoder.js';
import type { IncomingLog, IngestPipeline } from '../ingest-pipeline.js';
import type { ShippingAccounts } from '../shipping-accounts.js';
import { createSyslogFramer } from './syslog-framing.js';

export interface SyslogListenerDeps {
  readonly logger: Logger;
  readonly accounts: ShippingAccounts;
  readonly pipeline: IngestPipeline;
  readonly clock: Clock;
}

export interface SyslogAddresses {
  readonly tcpPort: number;
  readonly udpPort: number;
}

const OVERLOAD_WAIT_MS = 200;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Syslog over TCP and UDP. Syslog has no acknowledgement, so durability is best effort by nature; TCP
 * still gets back-pressure (the socket is paused while its logs are stored, and waits while the store is
 * behind), UDP drops what the store cannot take. Lines without a valid token are dropped and counted.
 */
export function createSyslogListener(deps: SyslogListenerDeps) {
  const { logger } = deps;
  const sockets = new Set<net.Socket>();
  const pending = new Set<Promise<void>>();
  let tcp: net.Server | undefined;
  let udp: dgram.Socket | undefined;
  let closing = false;
  const dropped = { unauthenticated: 0, refused: 0, oversized: 0 };

  async function store(entries: readonly SyslogEntry[], waitWhenBehind: boolean): Promise<void> {
    const byToken = new Map<string, IncomingLog[]>();
    for (const entry of entries) {
      if (entry.token === undefined) {
        dropped.unauthenticated += 1;
        continue;
      }
      const logs = byToken.get(entry.token) ?? [];
      logs.push({ log: entry.log, defaultType: entry.type });
      byToken.set(entry.token, logs);
    }
    for (const [token, logs] of byToken) {
      const account = await deps.accounts.resolve(token);
      if (account === undefined || deps.accounts.isForeign(account)) {
        dropped.unauthenticated += logs.length;
        continue;
      }
      for (let attempt = 0; ; attempt += 1) {
        try {
          await deps.pipeline.ingest(account, logs);
          break;
        } catch (error) {
          const behind = isAppError(error) && error.code === 'unavailable';
          if (behind && waitWhenBehind && !closing && attempt < 50) {
            await sleep(OVERLOAD_WAIT_MS);
            continue;
          }
          dropped.refused += logs.length;
          logger.warn({ err: error, accountId: account.accountId, logs: logs.length }, 'syslog logs not stored');
          break;
        }
      }
    }
  }

  function track(work: Promise<void>): Promise<void> {
    pending.add(work);
    void work.finally(() => pending.delete(work));
    return work;
  }

  function onConnection(socket: net.Socket): void {
    sockets.add(socket);
    let entries: SyslogEntry[] = [];
    const framer = createSyslogFramer(
      MAX_LINE_BYTES,
      (message) => {
        const entry = decodeSyslog(message, deps.clock.now());
        if (entry !== undefined) entries.push(entry);
      },
      () => (dropped.oversized += 1),
    );
    const flush = (): void => {
      if (entries.length === 0) return;
      const batch = entries;
      entries = [];
      socket.pause();
      void track(store(batch, true)).finally(() => {
        if (!socket.destroyed) socket.resume();
      });
    };
    socket.on('data', (chunk: Buffer) => {
      framer.push(chunk);
      flush();
    });
    socket.on('end', () => {
      framer.end();
      flush();
      socket.end();
    });
    socket.on('error', (error) => logger.debug({ err: error }, 'syslog connection error'));
    socket.on('close', () => sockets.delete(socket));
  }

  function onDatagram(message: Buffer): void {
    const receivedAt = deps.clock.now();
    const entries: SyslogEntry[] = [];
    for (const line of message.toString('utf8').split('\n')) {
      const entry = decodeSyslog(line, receivedAt);
      if (entry !== undefined) entries.push(entry);
    }
    if (entries.length > 0) void track(store(entries, false));
  }

  return {
    async listen(options: { host: string; tcpPort: number; udpPort: number }): Promise<SyslogAddresses> {
      const server = net.createServer(onConnection);
      tcp = server;
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(options.tcpPort, options.host, () => resolve());
      });
      const socket = dgram.createSocket(net.isIPv6(options.host) ? 'udp6' : 'udp4');
      udp = socket;
      socket.on('message', onDatagram);
      socket.on('error', (error) => logger.error({ err: error }, 'syslog UDP socket error'));
      await new Promise<void>((resolve, reject) => {
        socket.once('error', reject);
        socket.bind(options.udpPort, options.host, () => resolve());
      });
      return { tcpPort: (server.address() as AddressInfo).port, udpPort: socket.address().port };
    },

    /** Lines dropped since start, by reason (no valid token, refused by cap or store, oversized). */
    dropped(): Readonly<typeof dropped> {
      return { ...dropped };
    },

    /** Stops accepting, ends connections, and waits until what was received is stored or refused. */
    async close(): Promise<void> {
      closing = true;
      const tcpClosed = tcp === undefined ? Promise.resolve() : new Promise<void>((resolve) => tcp?.close(() => resolve()));
      for (const socket of sockets) socket.end();
      if (udp !== undefined) {
        const socket = udp;
        await new Promise<void>((resolve) => socket.close(() => resolve()));
      }
      await Promise.allSettled([...pending]);
      for (const socket of sockets) socket.destroy();
      await tcpClosed;
    },
  };
}
