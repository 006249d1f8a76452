import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { EntityManager } from '@mikro-orm/postgresql';
import { QuestionCreated, QuestionDeleted, QuestionUpdated, RuleCreated, RuleDeleted, RuleUpdated, type EventOf } from '@pm/contracts';
import { AiRuntime } from '@pm/ai';
import { OnEvent, type EventContext } from '@pm/messaging';
import { KnowledgeCopy, passageOf, type KnowledgeItemState } from './knowledge-copy.js';

type QuestionSaved = EventOf<typeof QuestionCreated> | EventOf<typeof QuestionUpdated>;
type RuleSaved = EventOf<typeof RuleCreated> | EventOf<typeof RuleUpdated>;

/** Portfolio's Q&A item and rule events → the assistant's copy of each location's knowledge. */
@Controller()
export class OnKnowledgeEventsConsumer {
  constructor(
    private readonly copy: KnowledgeCopy,
    @Inject(AiRuntime) private readonly ai: AiRuntime,
  ) {}

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
    await this.save(
      { kind: 'question', sourceId: data.questionId, locationId: data.locationId, accountId: data.accountId, title: data.question, body: data.answer, changedAt: data.changedAt },
      id,
      context,
    );
  }

  private async saveRule({ id, data }: RuleSaved, context: EventContext): Promise<void> {
    await this.save(
      { kind: 'rule', sourceId: data.ruleId, locationId: data.locationId, accountId: data.accountId, title: data.description, body: data.expectedOutput, changedAt: data.changedAt },
      id,
      context,
    );
  }

  /**
   * The item's embedding is computed here, when its text changes, so retrieval never embeds the knowledge base.
   * Without an embedding model the item is kept without a vector (found by full text only) rather than refused:
   * drafts are unavailable then anyway, and the copy must not fall behind portfolio.
   */
  private async save(state: KnowledgeItemState, stamp: string, context: EventContext): Promise<void> {
    const embedding = this.ai.status().embeddings.available ? await this.ai.embeddings.embedQuery(passageOf(state)) : null;
    await this.copy.save(transactionOf(context), state, stamp, embedding);
  }
}

function transactionOf(context: EventContext): EntityManager {
  if (!context.em) throw new Error('assistant consumers need the transaction of their inbox row');
  return context.em as EntityManager;
}
