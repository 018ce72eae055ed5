import type { LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, request } from 'undici';
import type { AddressPolicy } from './address-policy.js';
import { OutboundFailure, outboundErrors } from './outbound-errors.js';
import { literalAddress, systemResolveHost, type ResolveHost, type ResolvedAddress } from './resolve-host.js';

export interface OutboundRequest {
  readonly url: string;
  readonly method: 'POST' | 'PUT' | 'GET';
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface OutboundResponse {
  readonly statusCode: number;
  /** At most `maxResponseBytes` of the body; the rest is dropped with the connection. */
  readonly body: Buffer;
}

export interface OutboundClientDeps {
  readonly policy: AddressPolicy;
  readonly resolveHost?: ResolveHost;
  /** Connection to last byte (default 10 s). */
  readonly timeoutMs?: number;
  /** Bytes of a response read at most (default 64 KiB). */
  readonly maxResponseBytes?: number;
}

export interface OutboundClient {
  /**
   * At save: refuses (400 naming `field`) a URL whose host is a refused address or resolves to one.
   * A name that does not resolve now passes; the check at send decides then.
   */
  assertAllowedUrl(url: string, field: string): Promise<void>;
  /**
   * Sends one request to an allowed address: the host is resolved once, every address checked, and
   * the connection made to those addresses only (a second DNS answer cannot rebind it). Redirects are
   * not followed: a 3xx is an answer like any other. Throws OutboundFailure, or undici's errors.
   */
  send(outgoing: OutboundRequest, signal?: AbortSignal): Promise<OutboundResponse>;
}

function hostnameOf(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new OutboundFailure('bad-url');
    return parsed.hostname;
  } catch (error) {
    if (error instanceof OutboundFailure) throw error;
    throw new OutboundFailure('bad-url');
  }
}

async function readCapped(body: AsyncIterable<Buffer>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= limit) break;
  }
  return Buffer.concat(chunks).subarray(0, limit);
}

export function createOutboundClient(deps: OutboundClientDeps): OutboundClient {
  const { policy } = deps;
  const resolveHost = deps.resolveHost ?? systemResolveHost;
  const timeoutMs = deps.timeoutMs ?? 10_000;
  const maxResponseBytes = deps.maxResponseBytes ?? 64 * 1024;

  /** The addresses to connect to; all of them must be allowed, or a round-robin answer could slip one in. */
  async function allowedAddresses(hostname: string): Promise<readonly ResolvedAddress[]> {
    const literal = literalAddress(hostname);
    if (literal !== undefined) {
      if (isIP(literal) === 0 || !policy.allows(literal)) throw new OutboundFailure('refused-address');
      return [{ address: literal, family: isIP(literal) }];
    }
    let addresses: readonly ResolvedAddress[];
    try {
      addresses = await resolveHost(hostname);
    } catch {
      throw new OutboundFailure('unresolved');
    }
    if (addresses.length === 0) throw new OutboundFailure('unresolved');
    if (!addresses.every((entry) => policy.allows(entry.address))) throw new OutboundFailure('refused-address');
    return addresses;
  }

  return {
    async assertAllowedUrl(url, field) {
      try {
        await allowedAddresses(hostnameOf(url));
      } catch (error) {
        if (error instanceof OutboundFailure && error.reason === 'unresolved') return;
        throw outboundErrors.refusedUrl(field);
      }
    },

    async send(outgoing, signal) {
      const pinned = await allowedAddresses(hostnameOf(outgoing.url));
      const lookup: LookupFunction = (_host, options, callback) => {
        const first = pinned[0] as ResolvedAddress;
        if (options.all === true)
          callback(
            null,
            pinned.map((entry): LookupAddress => ({ address: entry.address, family: entry.family })),
          );
        else callback(null, first.address, first.family);
      };
      // One agent per request: its only connections are to the pinned addresses, closed afterwards.
      const agent = new Agent({ connect: { lookup, timeout: timeoutMs }, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
      const timeout = AbortSignal.timeout(timeoutMs);
      try {
        const response = await request(outgoing.url, {
          dispatcher: agent,
          method: outgoing.method,
          headers: { ...outgoing.headers },
          body: outgoing.body,
          signal: signal === undefined ? timeout : AbortSignal.any([signal, timeout]),
        });
        const body = await readCapped(response.body, maxResponseBytes);
        return { statusCode: response.statusCode, body };
      } finally {
        void agent.destroy().catch(() => undefined);
      }
    },
  };
}
