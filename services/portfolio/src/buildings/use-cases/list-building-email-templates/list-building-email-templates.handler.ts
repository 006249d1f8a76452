import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { EmailTemplate as EmailTemplateView } from '@pm/contracts';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { EmailTemplates } from '../../../email-templates/email-templates.js';
import { Building } from '../../building.entity.js';
import { BUILDING_NOT_FOUND } from '../get-building/get-building.handler.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
export class ListBuildingEmailTemplatesHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
    private readonly templates: EmailTemplates,
  ) {}

  async execute(principal: Principal, id: string): Promise<EmailTemplateView[]> {
    const em = this.em.fork();
    const caller = await this.callers.resolve(em, principal);
    const building = await this.access.requireRow(em, caller, Building, id, 'building:read', BUILDING_NOT_FOUND);
    return this.templates.list(em, building);
  }
}
