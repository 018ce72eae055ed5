import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

export interface HttpReceiver {
  readonly url: string;
  readonly requests: ReceivedRequest[];
  /** Status answered to the next requests (default 200). */
  respondWith(statuses: readonly number[]): void;
  /** Resolves once `count` requests arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** A real local HTTP server that records what webhooks deliver. */
export async function startHttpReceiver(): Promise<HttpReceiver> {
  const requests: ReceivedRequest[] = [];
  let statuses: number[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.statusCode = statuses.shift() ?? 200;
      response.end('{}');
      for (const waiter of waiters.filter((w) => requests.length >= w.count)) waiter.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respondWith(next) {
      statuses = [...next];
    },
    waitFor(count, timeoutMs = 5_000) {
      if (requests.length >= count) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`expected ${count} requests, got ${requests.length}`)), timeoutMs);
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
