import { defineEntity, p } from '@mikro-orm/core';
import { PropertyTypeSchema, type LocationScope, type PropertyLocationEventDetails, type PropertyLocationMetadata, type PropertyType } from '@pm/contracts';

const PropertyLocationSchema = defineEntity({
  name: 'PropertyLocation',
  tableName: 'property_location',
  properties: {
    /** UUIDv7, so "the first location" is the lowest id. */
    id: p.uuid().primary(),
    /**
     * The account the location belongs to. Every read and write is scoped by it; today an account is its owner's
     * user id, and partners (managers, vendors, viewers) will reach a location through membership of the account.
     */
    accountId: p.string().fieldName('account_id'),
    ownerUserId: p.string().fieldName('owner_user_id'),
    name: p.text(),
    addressText: p.text().fieldName('address_text'),
    type: p.enum(PropertyTypeSchema.options).nullable(),
    declaredUnitsCount: p.integer().nullable().fieldName('declared_units_count'),
    isRentalProperty: p.boolean().fieldName('is_rental_property'),
    email: p.text().nullable(),
    phone: p.text().nullable(),
    metadata: p.json<PropertyLocationMetadata>(),
    createdAt: p.datetime().fieldName('created_at'),
    updatedAt: p.datetime().fieldName('updated_at'),
  },
});

export interface PropertyLocationDetails {
  name: string;
  addressText: string;
  type: PropertyType | null;
  declaredUnitsCount: number | null;
  isRentalProperty: boolean;
  metadata: PropertyLocationMetadata;
}

/** A place a user manages or owns: one address, possibly many buildings and units (issue 4). */
export class PropertyLocation extends PropertyLocationSchema.class {
  applyDetails(details: PropertyLocationDetails, now = new Date()): void {
    this.name = details.name;
    this.addressText = details.addressText;
    this.type = details.type;
    this.declaredUnitsCount = details.declaredUnitsCount;
    this.isRentalProperty = details.isRentalProperty;
    this.metadata = details.metadata;
    this.updatedAt = now;
  }

  /** The location as its created/updated events describe it. */
  eventDetails(): PropertyLocationEventDetails {
    return {
      locationId: this.id,
      accountId: this.accountId,
      name: this.name,
      addressText: this.addressText,
      type: this.type ?? null,
      declaredUnitsCount: this.declaredUnitsCount ?? null,
      isRentalProperty: this.isRentalProperty,
    };
  }

  /** What the events of things inside this location carry about it (buildings, units, tenants, channels...). */
  scope(): LocationScope {
    return { locationId: this.id, accountId: this.accountId, ownerUserId: this.ownerUserId };
  }

  moveTo(ownerUserId: string, accountId: string, now = new Date()): void {
    this.ownerUserId = ownerUserId;
    this.accountId = accountId;
    this.updatedAt = now;
  }
}
PropertyLocationSchema.setClass(PropertyLocation);
export { PropertyLocationSchema };
