import type { EndpointTable } from '../contract-endpoints.js';

/** The cache tags and call options of vault's generated endpoints (app/generated/vault-api.ts). */
export const vault: EndpointTable = {};
