import { z } from 'zod';

/** Spec 000 §3.2: what the onboarding checklist and the dashboard show. */
export const OnboardingProgressSchema = z.object({
  hasPropertyLocation: z.boolean(),
  hasPhoneNumber: z.boolean(),
  hasBuilding: z.boolean(),
  hasUnit: z.boolean(),
  hasTenant: z.boolean(),
  hasLeaseDocument: z.boolean(),
  hasRentSetup: z.boolean(),
  hasStripeConnected: z.boolean(),
  hasEmailAddress: z.boolean(),
  hasTenantsWithOnboardingEmailSent: z.boolean(),
  firstPropertyLocationId: z.string().nullable(),
  firstBuildingId: z.string().nullable(),
  firstUnitId: z.string().nullable(),
  firstTenantId: z.string().nullable(),
});
export type OnboardingProgress = z.infer<typeof OnboardingProgressSchema>;

/** What users who are not property managers get (spec 000 §6), and where every manager starts. */
export const noOnboardingProgress: OnboardingProgress = Object.freeze({
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
});

/** Spec 000 §3.12: which menu items the property-manager sidebar shows for the selected location. */
export const NavbarFlagsSchema = z.object({
  showCommunicationMenuItems: z.boolean(),
  showWorkflowsMenuItem: z.boolean(),
  showPropertyInvoices: z.boolean(),
  showMaintenanceRequestsMenuItem: z.boolean(),
});
export type NavbarFlags = z.infer<typeof NavbarFlagsSchema>;
