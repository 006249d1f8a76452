import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { Building } from '../../../buildings/building.entity.js';
import { BUILDING_NOT_FOUND } from '../../../buildings/use-cases/get-building/get-building.handler.js';
import { EmailTemplates } from '../../../email-templates/email-templates.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

/** The invite dialog's starting text: the building's tenant-invite template, placeholders left for sending. */
@Injectable()
export class GetInviteTemplateHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
    private readonly templates: EmailTemplates,
  ) {}

  async execute(principal: Principal, buildingId: string): Promise<{ subject: string; body: string }> {
    const em = this.em.fork();
    const caller = await this.callers.resolve(em, principal);
    const building = await this.access.requireRow(em, caller, Building, buildingId, 'tenant:invite', BUILDING_NOT_FOUND);
    const { subject, body } = await this.templates.resolve(em, building, 'tenant-invite');
    return { subject, body };
  }
}
