import type { RouteObject } from 'react-router';
import { SelectedLocationRulesPage } from './pages.js';

/** Top-level manager routes of the knowledge feature (rules of the selected location), inside the manager shell. */
export const knowledgeRoutes: RouteObject[] = [{ path: 'rules', Component: SelectedLocationRulesPage }];
