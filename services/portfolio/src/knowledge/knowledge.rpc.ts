import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  CreateQuestion,
  CreateRule,
  DeleteQuestion,
  DeleteRule,
  ListQuestions,
  ListRules,
  UpdateQuestion,
  UpdateRule,
  type RequestOf,
  type ResponseOf,
} from '@pm/contracts';
import { OnRequest } from '@pm/messaging';
import { CurrentPrincipal, type Principal } from '@pm/nest-kit';
import { CreateQuestionHandler } from './use-cases/create-question/create-question.handler.js';
import { CreateRuleHandler } from './use-cases/create-rule/create-rule.handler.js';
import { DeleteQuestionHandler } from './use-cases/delete-question/delete-question.handler.js';
import { DeleteRuleHandler } from './use-cases/delete-rule/delete-rule.handler.js';
import { ListQuestionsHandler } from './use-cases/list-questions/list-questions.handler.js';
import { ListRulesHandler } from './use-cases/list-rules/list-rules.handler.js';
import { UpdateQuestionHandler } from './use-cases/update-question/update-question.handler.js';
import { UpdateRuleHandler } from './use-cases/update-rule/update-rule.handler.js';

/** Request/reply adapters: the contract has parsed the payload, the guard has verified the caller's token. */
@Controller()
export class KnowledgeRpc {
  constructor(
    private readonly listQuestions: ListQuestionsHandler,
    private readonly createQuestion: CreateQuestionHandler,
    private readonly updateQuestion: UpdateQuestionHandler,
    private readonly deleteQuestion: DeleteQuestionHandler,
    private readonly listRules: ListRulesHandler,
    private readonly createRule: CreateRuleHandler,
    private readonly updateRule: UpdateRuleHandler,
    private readonly deleteRule: DeleteRuleHandler,
  ) {}

  @OnRequest(ListQuestions)
  onListQuestions(@Payload() r: RequestOf<typeof ListQuestions>, @CurrentPrincipal() p: Principal): Promise<ResponseOf<typeof ListQuestions>> {
    return this.listQuestions.execute(p, r.location_id);
  }

  @OnRequest(CreateQuestion)
  onCreateQuestion(@Payload() r: RequestOf<typeof CreateQuestion>, @CurrentPrincipal() p: Principal): Promise<ResponseOf<typeof CreateQuestion>> {
    return this.createQuestion.execute(p, r);
  }

  @OnRequest(UpdateQuestion)
  onUpdateQuestion(@Payload() r: RequestOf<typeof UpdateQuestion>, @CurrentPrincipal() p: Principal): Promise<ResponseOf<typeof UpdateQuestion>> {
    return this.updateQuestion.execute(p, r);
  }

  @OnRequest(DeleteQuestion)
  onDeleteQuestion(@Payload() r: RequestOf<typeof DeleteQuestion>, @CurrentPrincipal() p: Principal): Promise<ResponseOf<typeof DeleteQuestion>> {
    return this.deleteQuestion.execute(p, r.id);
  }

  @OnRequest(ListRules)
  onListRules(@Payload() r: RequestOf<typeof ListRules>, @CurrentPrincipal() p: Principal): Promise<ResponseOf<typeof ListRules>> {
    return this.listRules.execute(p, r.location_id);
  }

  @OnRequest(CreateRule)
  onCreateRule(@Payload() r: RequestOf<typeof CreateRule>, @CurrentPrincipal() p: Principal): Promise<ResponseOf<typeof CreateRule>> {
    return this.createRule.execute(p, r);
  }

  @OnRequest(UpdateRule)
  onUpdateRule(@Payload() r: RequestOf<typeof UpdateRule>, @CurrentPrincipal() p: Principal): Promise<ResponseOf<typeof UpdateRule>> {
    return this.updateRule.execute(p, r);
  }

  @OnRequest(DeleteRule)
  onDeleteRule(@Payload() r: RequestOf<typeof DeleteRule>, @CurrentPrincipal() p: Principal): Promise<ResponseOf<typeof DeleteRule>> {
    return this.deleteRule.execute(p, r.id);
  }
}
