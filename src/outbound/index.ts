export { createAddressPolicy, type AddressPolicy } from './address-policy.js';
export { createOutboundClient, type OutboundClient, type OutboundRequest, type OutboundResponse } from './outbound-client.js';
export { OutboundFailure, outboundErrors } from './outbound-errors.js';
export { systemResolveHost, type ResolveHost, type ResolvedAddress } from './resolve-host.js';
export { guardedAgents, RefusedBucketAddress, type GuardedAgents } from './guarded-agents.js';
