import type {
  CreateTenant,
  DeleteTenant,
  GetInviteTemplate,
  InviteTenants,
  RequestInputOf,
  ResponseOf,
  Tenant,
  UpdateTenant,
  UpdateTenantMetadata,
} from '@pm/contracts';

/** The BFF's `Tenant` (spec 001 section 3), as its contract defines it. Phone values travel as 10 digits. */
export type { Tenant, TenantContact } from '@pm/contracts';
export type TenantMetadata = Tenant['metadata'];

export type CreateTenantRequest = RequestInputOf<typeof CreateTenant>;
export type UpdateTenantRequest = RequestInputOf<typeof UpdateTenant>;
export type UpdateTenantMetadataRequest = RequestInputOf<typeof UpdateTenantMetadata>;
/** DELETE tenant/{id}: an active tenant is archived (is_deleted false); an archived one is removed (true). */
export type DeleteTenantResult = ResponseOf<typeof DeleteTenant>;
export type InviteTemplate = ResponseOf<typeof GetInviteTemplate>;
export type InviteTenantsRequest = RequestInputOf<typeof InviteTenants>;
export type InviteTenantsResult = ResponseOf<typeof InviteTenants>;

export const emailsOf = (tenant: Pick<Tenant, 'contacts'>) => tenant.contacts.filter((contact) => contact.type === 'email').map((contact) => contact.value);
export const phonesOf = (tenant: Pick<Tenant, 'contacts'>) => tenant.contacts.filter((contact) => contact.type === 'phone').map((contact) => contact.value);

/** Spec 001 section 4: a tenant without an account (no user_id) can be invited. */
export const isInvitable = (tenant: Pick<Tenant, 'user_id'>) => !tenant.user_id;
