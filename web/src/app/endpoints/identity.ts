import type { EndpointTable } from '../contract-endpoints.js';

/** The cache tags and call options of identity's generated endpoints (app/generated/identity-api.ts). */
export const identity: EndpointTable = {
  GetCurrentUser: { provides: ['CurrentUser'] },
  SetAccountType: { invalidates: ['CurrentUser'] },
  UpdateFullName: { invalidates: ['CurrentUser'] },
  UpdatePhone: { invalidates: ['CurrentUser'] },
  GetReferral: { provides: ['Referral'] },
  CreateReferral: { invalidates: ['Referral'] },
  CompleteReferral: { invalidates: ['Referral'] },
};
