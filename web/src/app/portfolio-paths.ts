/** The screens of buildings, linked from the location, unit and building features alike (spec 001 section 2). */
export const buildingListPath = (locationId: string) => `/property-manager/property-locations/${encodeURIComponent(locationId)}/buildings`;
export const buildingPath = (buildingId: string) => `/property-manager/buildings/${encodeURIComponent(buildingId)}`;
export const buildingUnitsPath = (buildingId: string) => `${buildingPath(buildingId)}/units`;
export const unitPath = (unitId: string) => `/property-manager/units/${encodeURIComponent(unitId)}`;
