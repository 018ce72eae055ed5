import type { KnownErrorSignature } from './known-error-signature.js';
import { HOST_SIGNATURES } from './host-signatures.js';
import { RUNTIME_SIGNATURES } from './runtime-signatures.js';

/**
 * Known error signatures shipped with Logward (PUBLIC_CI insights). Each description is written from the public
 * documentation in its `links`, which are the sources cited. Patterns match the message as the software writes it;
 * src/modules/insights/catalog/public-ci-catalog.test.ts checks them against real logs of the loghub datasets.
 * Order matters: the first signature a message matches names it, so specific ones (runtimes) come before general ones (hosts, the network).
 */
export const PUBLIC_CI_CATALOG: readonly KnownErrorSignature[] = [...RUNTIME_SIGNATURES, ...HOST_SIGNATURES];
