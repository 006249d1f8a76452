import type { EndpointTable } from '../contract-endpoints.js';

/** The cache tags and call options of portfolio's generated endpoints (app/generated/portfolio-api.ts). */
export const portfolio: EndpointTable = {};
