import { defineEntity, p } from '@mikro-orm/core';

const UnitSchema = defineEntity({
  name: 'Unit',
  tableName: 'unit',
  properties: {
    id: p.uuid().primary(),
    accountId: p.string().fieldName('account_id'),
    propertyLocationId: p.uuid().fieldName('property_location_id'),
    buildingId: p.uuid().fieldName('building_id'),
    name: p.text(),
    createdAt: p.datetime().fieldName('created_at'),
    updatedAt: p.datetime().fieldName('updated_at'),
  },
});

/** A rentable unit of a building; tenants live in it. */
export class Unit extends UnitSchema.class {}
UnitSchema.setClass(Unit);
export { UnitSchema };
