export * from './property-location.js';
export * from './onboarding-progress.js';
export * from './events/property-location-created.js';
export * from './events/property-location-updated.js';
export * from './events/property-location-owner-changed.js';
export * from './rpc/property-location.js';
export * from './rpc/property-manager.js';

import { PropertyLocationCreated } from './events/property-location-created.js';
import { PropertyLocationOwnerChanged } from './events/property-location-owner-changed.js';
import { PropertyLocationUpdated } from './events/property-location-updated.js';
import { CreatePropertyLocation, GetPropertyLocation, ListPropertyLocations, UpdatePropertyLocation } from './rpc/property-location.js';
import { GetNavbarFlags, GetOnboardingProgress } from './rpc/property-manager.js';

/** The portfolio context's events and requests, for the platform registry. */
export const portfolioEvents = [PropertyLocationCreated, PropertyLocationUpdated, PropertyLocationOwnerChanged] as const;
export const portfolioRequests = [
  CreatePropertyLocation,
  ListPropertyLocations,
  GetPropertyLocation,
  UpdatePropertyLocation,
  GetOnboardingProgress,
  GetNavbarFlags,
] as const;
