import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { EmailTemplate as EmailTemplateView, RequestOf, UpdateBuildingEmailTemplate } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { EmailTemplates } from '../../../email-templates/email-templates.js';
import { Building } from '../../building.entity.js';
import { BUILDING_NOT_FOUND } from '../get-building/get-building.handler.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

/** Saves the building's own version of one of the product's e-mails; the default stays for every other building. */
@Injectable()
export class UpdateBuildingEmailTemplateHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
    private readonly templates: EmailTemplates,
  ) {}

  async execute(principal: Principal, input: RequestOf<typeof UpdateBuildingEmailTemplate>): Promise<EmailTemplateView> {
    return this.em.fork().transactional(async (em) => {
      const caller = await this.callers.resolve(em, principal);
      const building = await this.access.requireRow(em, caller, Building, input.id, 'building:write', BUILDING_NOT_FOUND);
      const slug = EmailTemplates.slugOf(input.slug);
      if (!slug) throw RpcFailure.notFound('Email template not found');
      const saved = await this.templates.save(em, building, slug, { subject: input.subject, body: input.body });
      await em.flush();
      return saved;
    });
  }
}
