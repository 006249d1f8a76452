import type { EndpointTable } from '../contract-endpoints.js';

/** The cache tags and call options of messaging's generated endpoints (app/generated/messaging-api.ts). */
export const messaging: EndpointTable = {};
