import { BuildingCreated, defineStream, streamSource, TenantCreated, UserRegistered } from '@pm/contracts';
import { z } from 'zod';

/**
 * The stream the SSE endpoint's integration test serves: a projection of two existing portfolio events. Not in the
 * product's registry (the spec has no such route); the spec's streams follow the same shape.
 */
export const PortfolioChangeStream = defineStream({
  path: 'test/portfolio-change-stream',
  eventName: 'portfolio-change',
  description: 'Buildings and tenants added to the caller\'s locations',
  data: z.object({ kind: z.enum(['building', 'tenant']), id: z.string(), locationId: z.string() }),
  sources: [
    streamSource(BuildingCreated, {
      locationOf: (event) => event.data.locationId,
      project: (event) => ({ kind: 'building' as const, id: event.data.buildingId, locationId: event.data.locationId }),
    }),
    streamSource(TenantCreated, {
      locationOf: (event) => event.data.locationId,
      project: (event) => ({ kind: 'tenant' as const, id: event.data.tenantId, locationId: event.data.locationId }),
    }),
  ],
  fixture: { kind: 'tenant', id: 't-1', locationId: 'l-1' },
});

/**
 * A stream of events addressed to one user (the shape of a chat's replies): the test publishes `UserRegistered` as
 * a notice for the user it names.
 */
export const UserNoticeStream = defineStream({
  path: 'test/user-notice-stream',
  eventName: 'notice',
  description: 'Notices addressed to the caller',
  data: z.object({ userId: z.string(), email: z.string() }),
  sources: [streamSource(UserRegistered, { userOf: (event) => event.data.userId, project: (event) => ({ userId: event.data.userId, email: event.data.email }) })],
  fixture: { userId: 'usr_1', email: 'a@example.com' },
});
