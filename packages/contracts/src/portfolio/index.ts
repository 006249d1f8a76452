export * from './property-location.js';
export * from './onboarding-progress.js';
export * from './events/property-location-created.js';
export * from './events/property-location-updated.js';
export * from './events/property-location-owner-changed.js';
export * from './rpc/property-location.js';
export * from './rpc/property-manager.js';
export * from './partner.js';
export * from './knowledge.js';
export * from './contact.js';
export * from './channels.js';
export * from './events/partner-added.js';
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
import { PartnerAdded } from './events/partner-added.js';
import { LocationPhoneNumberAssigned } from './events/location-phone-number-assigned.js';
import { LocationEmailAddressGenerated } from './events/location-email-address-generated.js';
import { AddPartner, ListEmergencyContacts, ListPartners, RemovePartner, UpdatePartner } from './rpc/partner.js';
import { CreateQuestion, CreateRule, DeleteQuestion, DeleteRule, ListQuestions, ListRules, UpdateQuestion, UpdateRule } from './rpc/knowledge.js';
import { CreateContact, DeleteContact, GetContact, ListContacts, UpdateContact } from './rpc/contact.js';
import { AssignLocationPhoneNumber, GenerateLocationEmailAddress, ListLocationPhoneNumbers, SearchLocationPhoneNumbers } from './rpc/channels.js';

/** The portfolio context's events and requests, for the platform registry. */
export const portfolioEvents = [PropertyLocationCreated, PropertyLocationUpdated, PropertyLocationOwnerChanged,
  PartnerAdded,
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
