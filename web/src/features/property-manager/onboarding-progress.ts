import { isSingleFamilyLike, type PropertyLocation } from '../property-locations/property-location.js';

/** Spec 000 3.2: the onboarding progress of one property location. */
export interface OnboardingProgress {
  hasPropertyLocation: boolean;
  hasPhoneNumber: boolean;
  hasBuilding: boolean;
  hasUnit: boolean;
  hasTenant: boolean;
  hasLeaseDocument: boolean;
  hasRentSetup: boolean;
  hasStripeConnected: boolean;
  hasEmailAddress: boolean;
  hasTenantsWithOnboardingEmailSent: boolean;
  firstPropertyLocationId: string | null;
  firstBuildingId: string | null;
  firstUnitId: string | null;
  firstTenantId: string | null;
}

/** Spec 000 section 6: progress is fetched only for property managers; everyone else has all-false progress. */
export const noOnboardingProgress: OnboardingProgress = {
  hasPropertyLocation: false,
  hasPhoneNumber: false,
  hasBuilding: false,
  hasUnit: false,
  hasTenant: false,
  hasLeaseDocument: false,
  hasRentSetup: false,
  hasStripeConnected: false,
  hasEmailAddress: false,
  hasTenantsWithOnboardingEmailSent: false,
  firstPropertyLocationId: null,
  firstBuildingId: null,
  firstUnitId: null,
  firstTenantId: null,
};

/**
 * Spec 000 4.2: complete when a location exists and, for a single-family-like location, it has an e-mail address;
 * otherwise a phone number, a building, a unit and a tenant all exist.
 */
export function isOnboardingComplete(location: Pick<PropertyLocation, 'type'> | null | undefined, progress: OnboardingProgress): boolean {
  if (!location) return false;
  if (isSingleFamilyLike(location.type)) return progress.hasEmailAddress;
  return progress.hasPhoneNumber && progress.hasBuilding && progress.hasUnit && progress.hasTenant;
}

export interface ChecklistStep {
  key: string;
  title: string;
  done: boolean;
}

/**
 * The onboarding checklist's steps in the order of spec 001 (screens: Onboarding checklist), with the steps a
 * location of this kind skips left out. Steps whose screens arrive with later issues are listed all the same: the
 * progress they report is real, only their links are missing.
 */
export function checklistSteps(
  location: Pick<PropertyLocation, 'type'> | null | undefined,
  progress: OnboardingProgress,
  personalDetailsComplete: boolean,
): ChecklistStep[] {
  const singleFamily = location ? isSingleFamilyLike(location.type) : false;
  const steps: (ChecklistStep | false)[] = [
    { key: 'personal-details', title: 'Complete your personal details', done: personalDetailsComplete },
    { key: 'find-property', title: 'Find your property', done: progress.hasPropertyLocation },
    !singleFamily && { key: 'add-building', title: 'Add a building', done: progress.hasBuilding },
    { key: 'add-unit', title: 'Add a unit', done: progress.hasUnit },
    { key: 'add-tenant', title: 'Add a tenant', done: progress.hasTenant },
    { key: 'phone-number', title: 'Get a phone number', done: progress.hasPhoneNumber },
    { key: 'tenant-onboarding-email', title: 'Send the tenant onboarding e-mail', done: progress.hasTenantsWithOnboardingEmailSent },
    singleFamily && { key: 'upload-lease', title: 'Upload the lease', done: progress.hasLeaseDocument },
    { key: 'connect-payments', title: 'Connect payments', done: progress.hasStripeConnected },
    progress.hasStripeConnected && progress.hasUnit && { key: 'manage-rent', title: 'Manage rent', done: progress.hasRentSetup },
  ];
  return steps.filter((step): step is ChecklistStep => step !== false);
}

/** Spec 001: completed steps over steps, rounded, as a percentage. */
export function checklistPercent(steps: readonly ChecklistStep[]): number {
  return steps.length === 0 ? 0 : Math.round((steps.filter((step) => step.done).length / steps.length) * 100);
}
