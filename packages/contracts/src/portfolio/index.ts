export * from './property-location.js';
export * from './onboarding-progress.js';
export * from './events/property-location-created.js';
export * from './events/property-location-updated.js';
export * from './events/property-location-owner-changed.js';
export * from './rpc/property-location.js';
export * from './rpc/property-manager.js';
export * from './building.js';
export * from './unit.js';
export * from './tenant.js';
export * from './events/building-created.js';
export * from './events/unit-created.js';
export * from './events/tenant-created.js';
export * from './events/tenants-invited.js';
export * from './rpc/building.js';
export * from './rpc/unit.js';
export * from './rpc/tenant.js';
export * from './rpc/todo.js';
export * from './partner.js';
export * from './knowledge.js';
export * from './contact.js';
export * from './channels.js';
export * from './events/partner-added.js';
export * from './events/partner-role-changed.js';
export * from './events/partner-user-linked.js';
export * from './events/partner-removed.js';
export * from './events/location-phone-number-assigned.js';
export * from './events/location-email-address-generated.js';
export * from './rpc/partner.js';
export * from './rpc/knowledge.js';
export * from './rpc/contact.js';
export * from './rpc/channels.js';

import { PropertyLocationCreated } from './events/property-location-created.js';
import { PropertyLocationOwnerChanged } from './events/property-location-owner-changed.js';
import { PropertyLocationUpdated } from './events/property-location-updated.js';
import { CreatePropertyLocation, GetPropertyLocation, ListPropertyLocations, UpdatePropertyLocation } from './rpc/property-location.js';
import { GetNavbarFlags, GetOnboardingProgress } from './rpc/property-manager.js';
import { BuildingCreated } from './events/building-created.js';
import { UnitCreated } from './events/unit-created.js';
import { TenantCreated } from './events/tenant-created.js';
import { TenantsInvited } from './events/tenants-invited.js';
import {
  CreateBuilding,
  GetBuilding,
  GetBuildingSignature,
  ListBuildingContacts,
  ListBuildingEmailTemplates,
  ListBuildings,
  UpdateBuildingEmailTemplate,
  UpdateBuildingSignature,
} from './rpc/building.js';
import { CreateUnit, GetUnit, ListLocationUnits, ListUnits } from './rpc/unit.js';
import {
  CreateTenant,
  DeleteTenant,
  GetInviteTemplate,
  GetTenant,
  InviteTenants,
  ListLocationTenants,
  ListUnitTenants,
  RetrieveTenant,
  SetPrimaryTenant,
  UpdateTenant,
  UpdateTenantMetadata,
} from './rpc/tenant.js';
import { ListExpiringLeases, SendLeaseRenewalEmail } from './rpc/todo.js';
import { PartnerAdded } from './events/partner-added.js';
import { PartnerRoleChanged } from './events/partner-role-changed.js';
import { PartnerUserLinked } from './events/partner-user-linked.js';
import { PartnerRemoved } from './events/partner-removed.js';
import { LocationPhoneNumberAssigned } from './events/location-phone-number-assigned.js';
import { LocationEmailAddressGenerated } from './events/location-email-address-generated.js';
import { AddPartner, ListEmergencyContacts, ListPartners, RemovePartner, UpdatePartner } from './rpc/partner.js';
import { CreateQuestion, CreateRule, DeleteQuestion, DeleteRule, ListQuestions, ListRules, UpdateQuestion, UpdateRule } from './rpc/knowledge.js';
import { CreateContact, DeleteContact, GetContact, ListContacts, UpdateContact } from './rpc/contact.js';
import { AssignLocationPhoneNumber, GenerateLocationEmailAddress, ListLocationPhoneNumbers, SearchLocationPhoneNumbers } from './rpc/channels.js';

/** The portfolio context's events and requests, for the platform registry. */
export const portfolioEvents = [PropertyLocationCreated, PropertyLocationUpdated, PropertyLocationOwnerChanged,
  BuildingCreated,
  UnitCreated,
  TenantCreated,
  TenantsInvited,
  PartnerAdded,
  PartnerRoleChanged,
  PartnerUserLinked,
  PartnerRemoved,
  LocationPhoneNumberAssigned,
  LocationEmailAddressGenerated,
] as const;
export const portfolioRequests = [
  CreatePropertyLocation,
  ListPropertyLocations,
  GetPropertyLocation,
  UpdatePropertyLocation,
  GetOnboardingProgress,
  GetNavbarFlags,
  ListBuildings,
  CreateBuilding,
  GetBuilding,
  ListBuildingContacts,
  ListBuildingEmailTemplates,
  UpdateBuildingEmailTemplate,
  GetBuildingSignature,
  UpdateBuildingSignature,
  ListUnits,
  ListLocationUnits,
  CreateUnit,
  GetUnit,
  ListUnitTenants,
  ListLocationTenants,
  GetTenant,
  CreateTenant,
  UpdateTenant,
  DeleteTenant,
  RetrieveTenant,
  SetPrimaryTenant,
  UpdateTenantMetadata,
  GetInviteTemplate,
  InviteTenants,
  ListExpiringLeases,
  SendLeaseRenewalEmail,
  ListPartners,
  ListEmergencyContacts,
  AddPartner,
  UpdatePartner,
  RemovePartner,
  ListQuestions,
  CreateQuestion,
  UpdateQuestion,
  DeleteQuestion,
  ListRules,
  CreateRule,
  UpdateRule,
  DeleteRule,
  ListContacts,
  CreateContact,
  GetContact,
  UpdateContact,
  DeleteContact,
  GenerateLocationEmailAddress,
  SearchLocationPhoneNumbers,
  AssignLocationPhoneNumber,
  ListLocationPhoneNumbers,
] as const;
