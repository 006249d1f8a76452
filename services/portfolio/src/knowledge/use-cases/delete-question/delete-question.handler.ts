import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { Question } from '../../question.entity.js';
import { QUESTION_NOT_FOUND } from '../../question.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
export class DeleteQuestionHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
  ) {}

  async execute(principal: Principal, id: string): Promise<{ deleted: true }> {
    return this.em.fork().transactional(async (em) => {
      const caller = await this.callers.resolve(em, principal);
      const row = await this.access.requireRow(em, caller, Question, id, 'knowledge:write', QUESTION_NOT_FOUND);
      em.remove(row);
      await em.flush();
      return { deleted: true as const };
    });
  }
}
