import { Injectable } from '@nestjs/common';
import { raw, type EntityManager } from '@mikro-orm/postgresql';
import { Tenant } from '../../tenant.entity.js';

/**
 * A person signed up with an e-mail address: the active tenants that have it as an e-mail contact (any letter case)
 * and no account yet get this user. They are then skipped by invitations and can use the resident portal.
 */
@Injectable()
export class LinkTenantUserHandler {
  async execute(em: EntityManager, userId: string, email: string): Promise<number> {
    const tenants = await em.find(Tenant, {
      userId: null,
      isArchived: false,
      [raw(
        (alias) => `exists (select 1 from jsonb_array_elements(${alias}."contacts") c where c->>'type' = 'email' and lower(c->>'value') = ?)`,
        [email.trim().toLowerCase()],
      )]: [],
    });
    const now = new Date();
    for (const tenant of tenants) {
      tenant.userId = userId;
      tenant.updatedAt = now;
    }
    await em.flush();
    return tenants.length;
  }
}
