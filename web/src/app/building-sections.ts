import type { RouteObject } from 'react-router';
import { unitBuildingSections } from '../features/units/building-sections.js';
import { documentBuildingSections } from '../features/documents/building-sections.js';
import { emailBuildingSections } from '../features/email-templates/building-sections.js';

/** The sections below a building's page (/property-manager/buildings/{id}/<path>) other features provide. */
export const buildingSections: readonly RouteObject[] = [...unitBuildingSections, ...documentBuildingSections, ...emailBuildingSections];
