import type { ComponentType } from 'react';
import { UnitTenantsPanel } from '../features/tenants/unit/UnitTenantsPanel.js';
import { UnitDocumentsPanel } from '../features/documents/BuildingDocumentsSection.js';
import { UnitRentPanel } from '../features/payments/unit/UnitRentPanel.js';

/** What other features show on a unit's page, below its header (its tenants, its rent, its documents), composed here. */
export interface UnitPanel {
  key: string;
  Component: ComponentType<{ unitId: string; locationId: string }>;
}

export const unitPanels: readonly UnitPanel[] = [
  { key: 'tenants', Component: UnitTenantsPanel },
  { key: 'rent', Component: UnitRentPanel },
  { key: 'documents', Component: UnitDocumentsPanel },
];
