import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { AddressPolicy } from './address-policy.js';
import type { ResolveHost } from './resolve-host.js';

/** Refused: a server a user named is (or resolves to) an address Logward may not reach on a user's behalf. */
export class RefusedBucketAddress extends Error {
  constructor(host: string) {
    super(`the bucket's server ${host} is an internal address, which Logward does not reach on a user's behalf`);
  }
}

/**
 * Every connection's address is checked against the outbound policy at connect time (decision 0350): the lookup
 * the agents use answers only allowed addresses, so neither a DNS answer nor a redirect to another host slips by.
 */
function guardedLookup(policy: AddressPolicy, resolveHost: ResolveHost): LookupFunction {
  return (hostname, options, callback) => {
    resolveHost(hostname).then(
      (addresses) => {
        const first = addresses[0];
        if (first === undefined) {
          callback(Object.assign(new Error(`${hostname} does not resolve`), { code: 'ENOTFOUND' }), '', 0);
          return;
        }
        if (!addresses.every((entry) => policy.allows(entry.address))) {
          callback(new RefusedBucketAddress(hostname), '', 0);
          return;
        }
        if (options.all === true)
          callback(
            null,
            addresses.map((entry) => ({ address: entry.address, family: entry.family })),
          );
        else callback(null, first.address, first.family);
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}

export interface GuardedAgents {
  readonly httpAgent: http.Agent;
  readonly httpsAgent: https.Agent;
  destroy(): void;
}

/**
 * HTTP(S) agents for an S3 client talking to a server a user named (S3 fetchers, archives). A literal IP skips
 * Node's lookup, so the endpoint's own literal is checked here before any client is made.
 */
export function guardedAgents(policy: AddressPolicy, resolveHost: ResolveHost, endpoint: string | undefined): GuardedAgents {
  if (endpoint !== undefined) {
    const host = new URL(endpoint).hostname.replace(/^\[(.*)\]$/, '$1');
    if (isIP(host) !== 0 && !policy.allows(host)) throw new RefusedBucketAddress(host);
  }
  const lookup = guardedLookup(policy, resolveHost);
  const httpAgent = new http.Agent({ lookup, keepAlive: true, maxSockets: 4 });
  const httpsAgent = new https.Agent({ lookup, keepAlive: true, maxSockets: 4 });
  return {
    httpAgent,
    httpsAgent,
    destroy() {
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  };
}
