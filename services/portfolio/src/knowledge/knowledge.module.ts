import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { KnowledgeRpc } from './knowledge.rpc.js';
import { CreateQuestionHandler } from './use-cases/create-question/create-question.handler.js';
import { CreateRuleHandler } from './use-cases/create-rule/create-rule.handler.js';
import { DeleteQuestionHandler } from './use-cases/delete-question/delete-question.handler.js';
import { DeleteRuleHandler } from './use-cases/delete-rule/delete-rule.handler.js';
import { ListQuestionsHandler } from './use-cases/list-questions/list-questions.handler.js';
import { ListRulesHandler } from './use-cases/list-rules/list-rules.handler.js';
import { UpdateQuestionHandler } from './use-cases/update-question/update-question.handler.js';
import { UpdateRuleHandler } from './use-cases/update-rule/update-rule.handler.js';

/** A location's knowledge base: Q&A items and rules the AI answers and acts by. */
@Module({
  imports: [AccountsModule],
  controllers: [KnowledgeRpc],
  providers: [
    ListQuestionsHandler,
    CreateQuestionHandler,
    UpdateQuestionHandler,
    DeleteQuestionHandler,
    ListRulesHandler,
    CreateRuleHandler,
    UpdateRuleHandler,
    DeleteRuleHandler,
  ],
})
export class KnowledgeModule {}
