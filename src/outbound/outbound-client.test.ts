import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { isAppError } from '../shared/app-error.js';
import { parseCidr, type Cidr } from '../shared/cidr.js';
import { createAddressPolicy } from './address-policy.js';
import { createOutboundClient } from './outbound-client.js';
import { OutboundFailure } from './outbound-errors.js';
import type { ResolvedAddress } from './resolve-host.js';

const LOOPBACK_ONE = parseCidr('127.0.0.1') as Cidr;

describe('outbound client', () => {
  let server: http.Server;
  let port = 0;
  const seen: { path: string; host: string | undefined }[] = [];
  before(async () => {
    server = http.createServer((request, response) => {
      seen.push({ path: request.url ?? '', host: request.headers.host });
      if (request.url === '/redirect') {
        response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      } else if (request.url === '/big') {
        response.end(Buffer.alloc(1024 * 1024, 97));
      } else if (request.url === '/slow') {
        setTimeout(() => response.end('late'), 2_000).unref();
      } else {
        response.end('ok');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** A resolver answering `answers` in turn (the last one for good) and counting its calls. */
  function scriptedResolver(...answers: (readonly ResolvedAddress[])[]) {
    let calls = 0;
    return {
      calls: () => calls,
      resolve: async (): Promise<readonly ResolvedAddress[]> => answers[Math.min(calls++, answers.length - 1)] ?? [],
    };
  }
  const v4 = (address: string): ResolvedAddress[] => [{ address, family: 4 }];

  it('resolves a name once and connects to that address (no second lookup to rebind)', async () => {
    const resolver = scriptedResolver(v4('127.0.0.1'), v4('127.0.0.2'));
    const client = createOutboundClient({ policy: createAddressPolicy([LOOPBACK_ONE]), resolveHost: resolver.resolve });
    const before = seen.length;
    const response = await client.send({ url: `http://hooks.example.test:${port}/hook`, method: 'POST', headers: {}, body: '{}' });
    assert.equal(response.statusCode, 200);
    assert.equal(resolver.calls(), 1);
    assert.deepEqual(seen[before], { path: '/hook', host: `hooks.example.test:${port}` });
  });

  it('refuses a name that resolves to a refused address, and connects nowhere', async () => {
    const before = seen.length;
    for (const answer of [v4('127.0.0.1'), [...v4('93.184.216.34'), ...v4('127.0.0.1')], [{ address: '::ffff:127.0.0.1', family: 6 }]]) {
      const client = createOutboundClient({ policy: createAddressPolicy([]), resolveHost: scriptedResolver(answer).resolve });
      await assert.rejects(
        client.send({ url: `http://hooks.example.test:${port}/`, method: 'POST', headers: {} }),
        (error) => error instanceof OutboundFailure && error.reason === 'refused-address',
      );
    }
    const literal = createOutboundClient({ policy: createAddressPolicy([]) });
    for (const url of [
      `http://127.0.0.1:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://2130706433:${port}/`,
      `http://0x7f.1:${port}/`,
    ]) {
      await assert.rejects(literal.send({ url, method: 'GET', headers: {} }), OutboundFailure, url);
    }
    assert.equal(seen.length, before);
  });

  it('does not follow redirects', async () => {
    const client = createOutboundClient({ policy: createAddressPolicy([LOOPBACK_ONE]) });
    const before = seen.length;
    const response = await client.send({ url: `http://127.0.0.1:${port}/redirect`, method: 'GET', headers: {} });
    assert.equal(response.statusCode, 302);
    assert.equal(seen.length, before + 1);
  });

  it('caps the response it reads and gives up after its timeout', async () => {
    const client = createOutboundClient({ policy: createAddressPolicy([LOOPBACK_ONE]), maxResponseBytes: 1000, timeoutMs: 300 });
    const big = await client.send({ url: `http://127.0.0.1:${port}/big`, method: 'GET', headers: {} });
    assert.equal(big.body.length, 1000);
    const started = Date.now();
    await assert.rejects(client.send({ url: `http://127.0.0.1:${port}/slow`, method: 'GET', headers: {} }));
    assert.ok(Date.now() - started < 1_500);
  });

  it('at save, refuses refused hosts with a 400 naming the field and lets unresolvable names pass', async () => {
    const client = createOutboundClient({
      policy: createAddressPolicy([]),
      resolveHost: async (name) => (name === 'internal.example.test' ? v4('10.0.0.7') : Promise.reject(new Error('ENOTFOUND'))),
    });
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://127.0.0.1:6379/',
      'http://[::1]/',
      'http://internal.example.test/',
      'http://0/',
      'gopher://example.com/',
    ]) {
      await assert.rejects(
        client.assertAllowedUrl(url, 'body.url'),
        (error) => isAppError(error) && error.code === 'invalid_argument' && error.parameters.field === 'body.url',
        url,
      );
    }
    await client.assertAllowedUrl('https://hooks.slack.example/services/x', 'body.url');
  });
});
