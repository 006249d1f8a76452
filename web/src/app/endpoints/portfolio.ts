import type { TagDescription } from '@reduxjs/toolkit/query';
import { LIST_ID, providesList } from '../cache-tags.js';
import type { EndpointTable } from '../contract-endpoints.js';
import type { TagType } from '../tag-types.js';

type Tags = TagDescription<TagType>[];
const locationLists: Tags = [{ type: 'PropertyLocation', id: LIST_ID }];
/** The location's own entry and the lists that show it, after a change to the location. */
const locationTags = (id: string): Tags => [{ type: 'PropertyLocation', id }, ...locationLists];
/** After a number is bought, changed or released: the location, the numbers on offer and the onboarding step. */
const phoneNumberTags = (locationId: string): Tags => [...locationTags(locationId), 'AvailablePhoneNumber', 'OnboardingProgress'];
const tenantLists: Tags = [{ type: 'Tenant', id: LIST_ID }];
const tenantAndLists = (id: string): Tags => [...tenantLists, { type: 'Tenant', id }];
const partnerLists: Tags = [{ type: 'Partner', id: LIST_ID }];
const invitationLists: Tags = [{ type: 'PartnerInvitation', id: LIST_ID }];
const contactLists: Tags = [{ type: 'Contact', id: LIST_ID }];
// The selected location is sent as ?location_id= on every contact call, the body holding only the contact.
const contactCall = { call: { query: ['location_id'] } } as const;

/** The cache tags and call options of portfolio's generated endpoints (app/generated/portfolio-api.ts). */
export const portfolio: EndpointTable = {
  ListPropertyLocations: { provides: (result) => providesList(result, 'PropertyLocation') },
  GetPropertyLocation: { provides: (_result, { id }) => [{ type: 'PropertyLocation', id }] },
  // Spec 000 §3.12: which menu items a manager's location shows (communication once it has a number or address).
  GetNavbarFlags: { provides: (_result, { locationId }) => [{ type: 'PropertyLocation', id: locationId }] },
  // A new location changes the list and the onboarding progress of every screen that shows it.
  CreatePropertyLocation: { invalidates: [...locationLists, 'OnboardingProgress'] },
  UpdatePropertyLocation: { invalidates: (_result, { id }) => locationTags(id) },
  GenerateLocationEmailAddress: { invalidates: (_result, { id }) => [...locationTags(id), 'OnboardingProgress'] },
  // A partner gives up their role on a location shared with them.
  LeavePropertyLocation: { invalidates: (_result, { id }) => [...locationTags(id), ...partnerLists] },
  // The home the Terri chat answers about (spec 000 §7), one of the user's own locations.
  GetUserProperty: { provides: locationLists },
  SetUserPropertyByAddress: { invalidates: locationLists },
  // Availability changes by the minute; an old list would offer numbers someone else already took.
  SearchLocationPhoneNumbers: { provides: ['AvailablePhoneNumber'], keepUnusedDataFor: 0 },
  AssignLocationPhoneNumber: { invalidates: (_result, { id }) => phoneNumberTags(id) },
  ChangeLocationPhoneNumber: { invalidates: (_result, { id }) => phoneNumberTags(id) },
  ReleaseLocationPhoneNumber: { invalidates: (_result, { id }) => phoneNumberTags(id) },
  GetOnboardingProgress: { provides: (_result, { id }) => [{ type: 'OnboardingProgress', id }] },
  ListExpiringLeases: { provides: (_result, { locationId }) => [{ type: 'ExpiringLease', id: locationId }] },

  ListBuildings: { provides: (result) => providesList(result, 'Building') },
  GetBuilding: { provides: (_result, { id }) => [{ type: 'Building', id }] },
  ListBuildingContacts: { provides: (_result, { id }) => [{ type: 'Building', id }] },
  // The first building of a location is an onboarding step (hasBuilding, firstBuildingId).
  CreateBuilding: { invalidates: [{ type: 'Building', id: LIST_ID }, 'OnboardingProgress'] },
  ListUnits: { provides: (result) => providesList(result, 'Unit') },
  ListLocationUnits: { provides: (result) => providesList(result, 'Unit') },
  GetUnit: { provides: (_result, { id }) => [{ type: 'Unit', id }] },
  // A unit changes its building's units_count, the unit lists and the onboarding progress (hasUnit, firstUnitId).
  CreateUnit: {
    invalidates: (unit) => [{ type: 'Unit', id: LIST_ID }, { type: 'Building', id: unit.building_id }, { type: 'Building', id: LIST_ID }, 'OnboardingProgress'],
  },

  ListUnitTenants: { provides: (result) => providesList(result?.items, 'Tenant') },
  ListLocationTenants: { provides: (result) => providesList(result?.items, 'Tenant') },
  GetTenant: { provides: (_result, { id }) => [{ type: 'Tenant', id }] },
  // Spec 001 section 4: creating a tenant records hasTenant and firstTenantId in the onboarding progress.
  CreateTenant: { invalidates: [...tenantLists, 'OnboardingProgress'] },
  UpdateTenant: { invalidates: (_result, { id }) => tenantAndLists(id) },
  UpdateTenantMetadata: { invalidates: (_result, { id }) => tenantAndLists(id) },
  DeleteTenant: { invalidates: (_result, { id }) => tenantAndLists(id) },
  RetrieveTenant: { invalidates: (_result, { id }) => tenantAndLists(id) },
  // The unit's other tenants lose primary, so every list showing them refetches.
  SetPrimaryTenant: { invalidates: (_result, { id }) => tenantAndLists(id) },
  // Spec 001 section 4: a successful invite records that onboarding e-mails were sent.
  InviteTenants: { invalidates: [...tenantLists, 'OnboardingProgress'] },

  ListPartners: { provides: (result) => providesList(result, 'Partner') },
  UpdatePartner: { invalidates: (_result, { id }) => [...partnerLists, { type: 'Partner', id }] },
  RemovePartner: { invalidates: (_result, { id }) => [...partnerLists, { type: 'Partner', id }] },
  ListPartnerInvitations: { provides: (result) => providesList(result, 'PartnerInvitation') },
  // Adding a partner invites them: a pending invitation until they accept it.
  AddPartner: { invalidates: invitationLists },
  RevokePartnerInvitation: { invalidates: invitationLists },
  AcceptPartnerInvitation: { invalidates: [...locationLists, ...partnerLists] },

  ListQuestions: { provides: (result) => providesList(result, 'Question') },
  CreateQuestion: { invalidates: [{ type: 'Question', id: LIST_ID }] },
  UpdateQuestion: { invalidates: (_result, { id }) => [{ type: 'Question', id }] },
  DeleteQuestion: { invalidates: (_result, { id }) => [{ type: 'Question', id: LIST_ID }, { type: 'Question', id }] },
  ListRules: { provides: (result) => providesList(result, 'Rule') },
  CreateRule: { invalidates: [{ type: 'Rule', id: LIST_ID }] },
  UpdateRule: { invalidates: (_result, { id }) => [{ type: 'Rule', id }] },
  DeleteRule: { invalidates: (_result, { id }) => [{ type: 'Rule', id: LIST_ID }, { type: 'Rule', id }] },

  ListContacts: { provides: (result) => providesList(result, 'Contact') },
  GetContact: { provides: (_result, { id }) => [{ type: 'Contact', id }] },
  CreateContact: { ...contactCall, invalidates: contactLists },
  // Its locations may have changed, so every location's list is refetched, not only this row.
  UpdateContact: { ...contactCall, invalidates: (_result, { id }) => [...contactLists, { type: 'Contact', id }] },
  // The contact leaves the selected location (and is gone with its last one).
  DeleteContact: { invalidates: (_result, { id }) => [...contactLists, { type: 'Contact', id }] },
};
