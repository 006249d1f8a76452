import type { EndpointTable } from '../contract-endpoints.js';

/** The cache tags and call options of assistant's generated endpoints (app/generated/assistant-api.ts). */
export const assistant: EndpointTable = {};
