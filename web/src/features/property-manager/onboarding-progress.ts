import type { OnboardingProgress } from '@pm/contracts';
import { isSingleFamilyLike, type PropertyLocation } from '../../app/property-location.js';

/** Spec 000 3.2: the onboarding progress of one property location, as its contract defines it. */
export type { OnboardingProgress } from '@pm/contracts';

/** Spec 000 section 6: progress is fetched only for property managers; everyone else has all-false progress. */
export { noOnboardingProgress } from '@pm/contracts';

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
  /**
   * Whether the step counts towards the percentage. Spec 001 marks only "complete personal details (required)" and
   * asks for "completed required steps over required steps"; issue 4 names what reaching 100% means: the account,
   * the property, building, unit, tenant, phone number and the tenants' onboarding e-mail, i.e. everything that makes
   * tenants reachable through the product. The lease upload, the payment provider and rent management are extras a
   * manager may never use here (rent may be collected elsewhere): they show, but do not hold the percentage back.
   */
  required: boolean;
  /** Where the step is done (spec 001 section 2); null while the step is blocked or unavailable. */
  path: string | null;
  /** Why the step cannot be done yet (its dependency, or the product not offering it yet), or null. */
  blockedBy: string | null;
  /**
   * The product has no page for this step yet (no vault for the lease upload, no payouts or rent screens): the manager
   * can do nothing about it, so it neither counts towards the percentage nor keeps the checklist from reading complete.
   */
  unavailable: boolean;
}

const PM = '/property-manager';
const locationBase = (id: string) => `${PM}/property-locations/${encodeURIComponent(id)}`;

/** The routes the checklist's steps open, with the query flags that open their dialogs (spec 001 section 2). */
export const checklistPaths = {
  personalDetails: `${PM}/account/contact`,
  createLocation: `${PM}/property-locations/create`,
  addBuilding: (locationId: string) => `${locationBase(locationId)}/buildings?openAddBuilding=true`,
  addUnit: (buildingId: string) => `${PM}/buildings/${encodeURIComponent(buildingId)}/units?openAddUnit=true`,
  addTenant: (unitId: string) => `${PM}/units/${encodeURIComponent(unitId)}?openAddTenant=true`,
  phoneNumber: (locationId: string) => `${locationBase(locationId)}/phone-number`,
  emailAddress: (locationId: string) => `${locationBase(locationId)}/email-address`,
  locationTenants: (locationId: string) => `${locationBase(locationId)}/tenants`,
  inviteTenants: (locationId: string) => `${locationBase(locationId)}?openInviteTenant=true`,
  uploadLease: `${PM}/operations-hub/vault?openDocumentUpload=true&defaultCategoryId=2`,
  payouts: `${PM}/account/payouts`,
  rent: (locationId: string) => `${locationBase(locationId)}/rent`,
} as const;

export const checklistBlockers = {
  needsBuilding: 'Add a building first',
  needsUnit: 'Add a unit first',
  needsTenant: 'Add a tenant first',
  needsLeaseDocument: 'Upload a lease document first',
} as const;

/**
 * The onboarding checklist's steps in the order of spec 001 (screens: Onboarding checklist), with the steps a
 * location of this kind skips left out: no building step for a single-family location, the lease upload only for
 * one, manage rent only once payments are connected and units exist. The phone number needs a tenant and the
 * payment provider a lease document: those steps show, blocked, until then. A unit needs a building and a tenant a
 * unit: until the first one exists, those steps show blocked with the step to do first, rather than opening another
 * step's dialog under their own name (issue 9). Connecting payouts and setting rent are optional steps.
 *
 * A single-family-like location follows spec 000 4.2, the simplified flow: its onboarding is complete once it has an
 * e-mail address, so "Get an e-mail address" is a step of its own and, with the personal details and the property,
 * the only required one; the tenant, phone number, onboarding e-mail and lease steps show as optional. Its unit is the
 * implicit one portfolio makes with the location (in the same transaction), so the unit step is done as soon as the
 * location exists, and the tenant step never waits for a building.
 */
export function checklistSteps(
  location: Pick<PropertyLocation, 'id' | 'type'> | null | undefined,
  progress: OnboardingProgress,
  personalDetailsComplete: boolean,
): ChecklistStep[] {
  const singleFamily = location ? isSingleFamilyLike(location.type) : false;
  const id = location?.id;
  const at = (path: (locationId: string) => string) => (id ? path(id) : checklistPaths.createLocation);
  const addBuilding = at(checklistPaths.addBuilding);
  // The first building and unit ids come with the progress read model; without them there is no list to open.
  const addUnit = progress.firstBuildingId ? checklistPaths.addUnit(progress.firstBuildingId) : null;
  const addTenant = progress.firstUnitId ? checklistPaths.addTenant(progress.firstUnitId) : null;
  const step = (key: string, title: string, done: boolean, path: string | null, blockedBy: string | null = null, required = true): ChecklistStep => ({
    key,
    title,
    done,
    required,
    path: (blockedBy && !done) || !path ? null : path,
    blockedBy: done ? null : blockedBy,
    unavailable: false,
  });
  // Single-family: only the personal details, the property and the e-mail address are required (spec 000 4.2).
  const required = !singleFamily;
  const steps: (ChecklistStep | false)[] = [
    step('personal-details', 'Complete your personal details', personalDetailsComplete, checklistPaths.personalDetails),
    step('find-property', 'Find your property', progress.hasPropertyLocation, checklistPaths.createLocation),
    singleFamily && step('email-address', 'Get an e-mail address', progress.hasEmailAddress, at(checklistPaths.emailAddress)),
    !singleFamily && step('add-building', 'Add a building', progress.hasBuilding, addBuilding),
    singleFamily
      ? step('add-unit', 'Add a unit', true, addUnit, null, required)
      : step('add-unit', 'Add a unit', progress.hasUnit, addUnit, addUnit ? null : checklistBlockers.needsBuilding),
    singleFamily
      ? step('add-tenant', 'Add a tenant', progress.hasTenant, addTenant ?? at(checklistPaths.locationTenants), null, required)
      : step('add-tenant', 'Add a tenant', progress.hasTenant, addTenant, addTenant ? null : checklistBlockers.needsUnit),
    step('phone-number', 'Get a phone number', progress.hasPhoneNumber, at(checklistPaths.phoneNumber), progress.hasTenant ? null : checklistBlockers.needsTenant, required),
    step('tenant-onboarding-email', 'Send the tenant onboarding e-mail', progress.hasTenantsWithOnboardingEmailSent, at(checklistPaths.inviteTenants), null, required),
    singleFamily && step('upload-lease', 'Upload the lease', progress.hasLeaseDocument, checklistPaths.uploadLease, null, required),
    // Optional: onboarding is complete without them (spec 000 4.2), but the bar keeps them in view until done.
    step('connect-payments', 'Connect payments', progress.hasStripeConnected, checklistPaths.payouts, null, false),
    progress.hasStripeConnected && progress.hasUnit && step('manage-rent', 'Manage rent', progress.hasRentSetup, id ? checklistPaths.rent(id) : null, null, false),
  ];
  return steps.filter((item): item is ChecklistStep => item !== false);
}

/** Spec 001: completed required steps over required steps, rounded, as a percentage. */
export function checklistPercent(steps: readonly ChecklistStep[]): number {
  const required = steps.filter((step) => step.required && !step.unavailable);
  return required.length === 0 ? 0 : Math.round((required.filter((step) => step.done).length / required.length) * 100);
}

/**
 * The checklist reads complete only when no step the manager can do is left: rounding must not show 100% with a
 * required step open, and open optional steps keep the bar from its finished look.
 */
export function checklistComplete(steps: readonly ChecklistStep[]): boolean {
  return steps.every((step) => step.done || step.unavailable);
}
