import { describe, expect, it } from '@jest/globals';
import { HumanMessage, SystemMessage } from '@langchain/core/messages';
import { DeterministicTestChatModel } from './deterministic-test-chat-model.js';

describe('DeterministicTestChatModel', () => {
  it('answers from the last human message, the same way every time', async () => {
    const model = new DeterministicTestChatModel((question) => `echo: ${question}`);
    const messages = [new SystemMessage('knowledge'), new HumanMessage('first'), new HumanMessage('When is trash day?')];
    expect((await model.invoke(messages)).text).toBe('echo: When is trash day?');
    expect((await model.invoke(messages)).text).toBe('echo: When is trash day?');
  });
});
