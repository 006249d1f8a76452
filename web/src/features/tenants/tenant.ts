/** The BFF's `Tenant` (issue 4 HTTP contract; spec 001 section 3). Phone values travel as 10 digits. */
export interface TenantContact {
  type: 'email' | 'phone';
  value: string;
}

export interface TenantMetadata {
  lease_start: string | null;
  lease_end: string | null;
  rent_amount_cents: number | null;
}

export interface Tenant {
  id: string;
  full_name: string;
  contacts: TenantContact[];
  unit_id: string;
  user_id: string | null;
  is_archived: boolean;
  is_deleted: boolean;
  is_primary: boolean;
  archived_at: string | null;
  metadata: TenantMetadata;
  onboarding_email_sent_at: string | null;
  created_at: string;
  unit: { id: string; name: string };
  tenantId: string;
  tenantName: string;
  unitName: string;
  buildingId: string;
  buildingName: string;
  property_location_id: string;
}

export interface CreateTenantRequest {
  full_name: string;
  unit_id: string;
  location_id: string;
  contacts: TenantContact[];
}

export interface UpdateTenantRequest {
  id: string;
  full_name: string;
  contacts: TenantContact[];
}

export interface UpdateTenantMetadataRequest {
  id: string;
  lease_start?: string | null;
  lease_end?: string | null;
  rent_amount_cents?: number | null;
}

/** DELETE tenant/{id}: an active tenant is archived (is_deleted false); an archived one is removed (true). */
export interface DeleteTenantResult {
  is_deleted: boolean;
  unit_id: string;
}

export interface InviteTemplate {
  subject: string;
  body: string;
}

export interface InviteTenantsRequest {
  tenantIds: string[];
  subject: string;
  body: string;
  location_id?: string;
}

export interface InviteTenantsResult {
  invited: number;
  skipped: number;
}

/** The slice of Building and Unit (helper C's features) the tenant screens read. */
export interface LocationBuilding {
  id: string;
  name: string;
}

export interface LocationUnit {
  id: string;
  name: string;
  building_id: string;
  building_name: string;
}

export const emailsOf = (tenant: Pick<Tenant, 'contacts'>) => tenant.contacts.filter((contact) => contact.type === 'email').map((contact) => contact.value);
export const phonesOf = (tenant: Pick<Tenant, 'contacts'>) => tenant.contacts.filter((contact) => contact.type === 'phone').map((contact) => contact.value);

/** Spec 001 section 4: a tenant without an account (no user_id) can be invited. */
export const isInvitable = (tenant: Pick<Tenant, 'user_id'>) => !tenant.user_id;
