import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { CreateQuestion, Question as QuestionView, RequestOf } from '@pm/contracts';
import type { Principal } from '@pm/nest-kit';
import { v7 as uuidv7 } from 'uuid';
import { CallerResolver } from '../../../accounts/caller.js';
import { Question } from '../../question.entity.js';
import { toQuestionView } from '../../question.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
export class CreateQuestionHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
  ) {}

  async execute(principal: Principal, input: RequestOf<typeof CreateQuestion>): Promise<QuestionView> {
    return this.em.fork().transactional(async (em) => {
      const caller = await this.callers.resolve(em, principal);
      const { location } = await this.access.require(em, caller, input.location_id, 'knowledge:write');
      const now = new Date();
      const row = em.create(Question, {
        id: uuidv7(),
        accountId: location.accountId,
        propertyLocationId: location.id,
        question: input.question,
        answer: input.answer,
        createdAt: now,
        updatedAt: now,
      });
      await em.flush();
      return toQuestionView(row);
    });
  }
}
