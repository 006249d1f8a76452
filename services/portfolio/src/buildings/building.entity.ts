import { defineEntity, p } from '@mikro-orm/core';

const BuildingSchema = defineEntity({
  name: 'Building',
  tableName: 'building',
  properties: {
    id: p.uuid().primary(),
    accountId: p.string().fieldName('account_id'),
    propertyLocationId: p.uuid().fieldName('property_location_id'),
    name: p.text(),
    addressText: p.text().fieldName('address_text'),
    createdAt: p.datetime().fieldName('created_at'),
    updatedAt: p.datetime().fieldName('updated_at'),
  },
});

/** A building of a property location; units belong to it. */
export class Building extends BuildingSchema.class {}
BuildingSchema.setClass(Building);
export { BuildingSchema };
