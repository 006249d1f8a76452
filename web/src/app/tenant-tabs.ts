import type { ComponentType } from 'react';
import { TenantDocumentsTab } from '../features/documents/TenantDocumentsTab.js';
import { TenantPaymentsTab } from '../features/payments/tenant/TenantPaymentsTab.js';

/** Tabs other features add to a tenant's page (/property-manager/tenants/{id}/<key>), composed here. */
export interface TenantTab {
  key: string;
  label: string;
  Component: ComponentType<{ tenantId: string; locationId: string }>;
}

export const tenantTabs: readonly TenantTab[] = [
  { key: 'documents', label: 'Documents', Component: TenantDocumentsTab },
  { key: 'payments', label: 'Payments', Component: TenantPaymentsTab },
];
