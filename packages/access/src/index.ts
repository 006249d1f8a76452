export { AccessModule } from './access.module.js';
export { LocationAccess, LOCATION_NOT_FOUND, FORBIDDEN, isUuid, type AccessCaller, type LocationGrant } from './location-access.js';
export { GrantsProjection } from './grants/grants-projection.js';
export { grantEvents, type GrantEventContract } from './grants/grant-events.js';
export { grantEventsConsumer } from './grants/grant-events.consumer.js';
export { AccessTablesMigration } from './grants/access-tables.migration.js';
