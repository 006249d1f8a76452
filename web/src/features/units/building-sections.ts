import type { RouteObject } from 'react-router';

export const unitBuildingSections: RouteObject[] = [{ path: 'units', lazy: { Component: async () => (await import('./BuildingUnitsPage.js')).BuildingUnitsPage } }];
