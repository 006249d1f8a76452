import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { EntityManager } from '@mikro-orm/postgresql';
import { QuestionCreated, QuestionDeleted, QuestionUpdated, RuleCreated, RuleDeleted, RuleUpdated, type EventOf } from '@pm/contracts';
import { OnEvent, type EventContext } from '@pm/messaging';
import { KnowledgeCopy } from './knowledge-copy.js';

type QuestionSaved = EventOf<typeof QuestionCreated> | EventOf<typeof QuestionUpdated>;
type RuleSaved = EventOf<typeof RuleCreated> | EventOf<typeof RuleUpdated>;

/** Portfolio's Q&A item and rule events → the assistant's copy of each location's knowledge. */
@Controller()
export class OnKnowledgeEventsConsumer {
  constructor(private readonly copy: KnowledgeCopy) {}

  @OnEvent(QuestionCreated, { durable: 'assistant.knowledge-question-created' })
  async onQuestionCreated(@Payload() event: EventOf<typeof QuestionCreated>, @Ctx() context: EventContext): Promise<void> {
    await this.saveQuestion(event, context);
  }

  @OnEvent(QuestionUpdated, { durable: 'assistant.knowledge-question-updated' })
  async onQuestionUpdated(@Payload() event: EventOf<typeof QuestionUpdated>, @Ctx() context: EventContext): Promise<void> {
    await this.saveQuestion(event, context);
  }

  @OnEvent(QuestionDeleted, { durable: 'assistant.knowledge-question-deleted' })
  async onQuestionDeleted(@Payload() event: EventOf<typeof QuestionDeleted>, @Ctx() context: EventContext): Promise<void> {
    const { data } = event;
    await this.copy.delete(transactionOf(context), { kind: 'question', sourceId: data.questionId, locationId: data.locationId, accountId: data.accountId, changedAt: data.changedAt }, event.id);
  }

  @OnEvent(RuleCreated, { durable: 'assistant.knowledge-rule-created' })
  async onRuleCreated(@Payload() event: EventOf<typeof RuleCreated>, @Ctx() context: EventContext): Promise<void> {
    await this.saveRule(event, context);
  }

  @OnEvent(RuleUpdated, { durable: 'assistant.knowledge-rule-updated' })
  async onRuleUpdated(@Payload() event: EventOf<typeof RuleUpdated>, @Ctx() context: EventContext): Promise<void> {
    await this.saveRule(event, context);
  }

  @OnEvent(RuleDeleted, { durable: 'assistant.knowledge-rule-deleted' })
  async onRuleDeleted(@Payload() event: EventOf<typeof RuleDeleted>, @Ctx() context: EventContext): Promise<void> {
    const { data } = event;
    await this.copy.delete(transactionOf(context), { kind: 'rule', sourceId: data.ruleId, locationId: data.locationId, accountId: data.accountId, changedAt: data.changedAt }, event.id);
  }

  private async saveQuestion({ id, data }: QuestionSaved, context: EventContext): Promise<void> {
    await this.copy.save(
      transactionOf(context),
      { kind: 'question', sourceId: data.questionId, locationId: data.locationId, accountId: data.accountId, title: data.question, body: data.answer, changedAt: data.changedAt },
      id,
    );
  }

  private async saveRule({ id, data }: RuleSaved, context: EventContext): Promise<void> {
    await this.copy.save(
      transactionOf(context),
      { kind: 'rule', sourceId: data.ruleId, locationId: data.locationId, accountId: data.accountId, title: data.description, body: data.expectedOutput, changedAt: data.changedAt },
      id,
    );
  }
}

function transactionOf(context: EventContext): EntityManager {
  if (!context.em) throw new Error('assistant consumers need the transaction of their inbox row');
  return context.em as EntityManager;
}
