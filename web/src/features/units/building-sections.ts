import type { RouteObject } from 'react-router';
import { BuildingUnitsPage } from './BuildingUnitsPage.js';

export const unitBuildingSections: RouteObject[] = [{ path: 'units', Component: BuildingUnitsPage }];
