import {
  PartnerAdded,
  PartnerRemoved,
  PartnerRoleChanged,
  PartnerUserLinked,
  PropertyLocationCreated,
  PropertyLocationOwnerChanged,
} from '@pm/contracts';

/** The events that grant or take away access to a location: what every grants projection listens to. */
export const grantEvents = [
  PropertyLocationCreated,
  PropertyLocationOwnerChanged,
  PartnerAdded,
  PartnerRoleChanged,
  PartnerUserLinked,
  PartnerRemoved,
] as const;

export type GrantEventContract = (typeof grantEvents)[number];
