import type { RouteObject } from 'react-router';
import { UnitPage } from './UnitPage.js';

/** units/{id} (spec 001 section 2). */
export const unitRoutes: RouteObject[] = [{ path: 'units/:id', Component: UnitPage }];
