export * from './property-location.js';
export * from './validation.js';
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
export * from './events/tenant-updated.js';
export * from './events/tenant-deleted.js';
export * from './events/tenants-invited.js';
export * from './events/tenant-invitation-issued.js';
export * from './events/lease-renewal-requested.js';
export * from './events/building-email-settings-handed-over.js';
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
export * from './events/partner-updated.js';
export * from './events/contact-changed.js';
export * from './events/location-phone-number-assigned.js';
export * from './events/location-phone-number-released.js';
export * from './events/location-email-address-generated.js';
export * from './events/question-created.js';
export * from './events/question-updated.js';
export * from './events/question-deleted.js';
export * from './events/rule-created.js';
export * from './events/rule-updated.js';
export * from './events/rule-deleted.js';
export * from './rpc/partner.js';
export * from './partner-invitation.js';
export * from './rpc/partner-invitation.js';
export * from './rpc/knowledge.js';
export * from './rpc/contact.js';
export * from './rpc/channels.js';

import * as propertyLocationRpc from './rpc/property-location.js';
import * as propertyManagerRpc from './rpc/property-manager.js';
import * as buildingRpc from './rpc/building.js';
import * as unitRpc from './rpc/unit.js';
import * as tenantRpc from './rpc/tenant.js';
import * as todoRpc from './rpc/todo.js';
import * as partnerRpc from './rpc/partner.js';
import * as partnerInvitationRpc from './rpc/partner-invitation.js';
import * as knowledgeRpc from './rpc/knowledge.js';
import * as contactRpc from './rpc/contact.js';
import * as channelsRpc from './rpc/channels.js';
import { rpcContractsIn } from '../define.js';
import { PropertyLocationCreated } from './events/property-location-created.js';
import { PropertyLocationOwnerChanged } from './events/property-location-owner-changed.js';
import { PropertyLocationUpdated } from './events/property-location-updated.js';
import { BuildingCreated } from './events/building-created.js';
import { UnitCreated } from './events/unit-created.js';
import { TenantCreated } from './events/tenant-created.js';
import { TenantUpdated } from './events/tenant-updated.js';
import { TenantDeleted } from './events/tenant-deleted.js';
import { TenantsInvited } from './events/tenants-invited.js';
import { TenantInvitationIssued } from './events/tenant-invitation-issued.js';
import { LeaseRenewalRequested } from './events/lease-renewal-requested.js';
import { BuildingEmailSettingsHandedOver } from './events/building-email-settings-handed-over.js';
import { PartnerAdded } from './events/partner-added.js';
import { PartnerRoleChanged } from './events/partner-role-changed.js';
import { PartnerUserLinked } from './events/partner-user-linked.js';
import { PartnerRemoved } from './events/partner-removed.js';
import { PartnerUpdated } from './events/partner-updated.js';
import { ContactChanged } from './events/contact-changed.js';
import { LocationPhoneNumberAssigned } from './events/location-phone-number-assigned.js';
import { LocationPhoneNumberReleased } from './events/location-phone-number-released.js';
import { LocationEmailAddressGenerated } from './events/location-email-address-generated.js';
import { QuestionCreated } from './events/question-created.js';
import { QuestionUpdated } from './events/question-updated.js';
import { QuestionDeleted } from './events/question-deleted.js';
import { RuleCreated } from './events/rule-created.js';
import { RuleUpdated } from './events/rule-updated.js';
import { RuleDeleted } from './events/rule-deleted.js';

/** The portfolio context's events and requests, for the platform registry. */
export const portfolioEvents = [PropertyLocationCreated, PropertyLocationUpdated, PropertyLocationOwnerChanged,
  BuildingCreated,
  UnitCreated,
  TenantCreated,
  TenantUpdated,
  TenantDeleted,
  TenantsInvited,
  TenantInvitationIssued,
  LeaseRenewalRequested,
  BuildingEmailSettingsHandedOver,
  PartnerAdded,
  PartnerRoleChanged,
  PartnerUserLinked,
  PartnerRemoved,
  PartnerUpdated,
  ContactChanged,
  LocationPhoneNumberAssigned,
  LocationPhoneNumberReleased,
  LocationEmailAddressGenerated,
  QuestionCreated, QuestionUpdated, QuestionDeleted, RuleCreated, RuleUpdated, RuleDeleted,
] as const;
/** Every request contract the rpc files export, in file order: a contract added to one of them is registered. */
export const portfolioRequests = rpcContractsIn(
  propertyLocationRpc,
  propertyManagerRpc,
  buildingRpc,
  unitRpc,
  tenantRpc,
  todoRpc,
  partnerRpc,
  partnerInvitationRpc,
  knowledgeRpc,
  contactRpc,
  channelsRpc,
);
export * from './messages.js';
