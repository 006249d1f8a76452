import { BaseChatModel, type BaseChatModelCallOptions } from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';

/**
 * For tests of paths that are NOT the AI path (a chat screen's plumbing, a draft's approval flow): answers instantly
 * and always the same way, by a function of the last human message that the test supplies. Never wired up by the
 * provider factory; a test constructs it explicitly.
 */
export class DeterministicTestChatModel extends BaseChatModel<BaseChatModelCallOptions> {
  private readonly answer: (lastHumanMessage: string, messages: BaseMessage[]) => string;

  constructor(answer: (lastHumanMessage: string, messages: BaseMessage[]) => string) {
    super({});
    this.answer = answer;
  }

  static override lc_name(): string {
    return 'DeterministicTestChatModel';
  }

  _llmType(): string {
    return 'deterministic-test';
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const lastHuman = [...messages].reverse().find((message) => message.type === 'human');
    const text = this.answer(lastHuman === undefined ? '' : lastHuman.text, messages);
    return { generations: [{ text, message: new AIMessage(text) }] };
  }
}
