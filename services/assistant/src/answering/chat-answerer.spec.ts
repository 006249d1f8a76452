import type { BaseMessage } from '@langchain/core/messages';
import { AiUnavailableError, DeterministicTestChatModel, type AiStatus } from '@pm/ai';
import type { z } from 'zod';
import type { DraftingModel } from '../drafting/reply-drafter.js';
import { AnswersUnavailableError, type AnswerFact } from './chat-answer.types.js';
import { ChatAnswerer } from './chat-answerer.js';
import type { FactRanking } from './fact-ranker.js';
import { notCoveredAnswer } from './not-covered-answer.js';

/**
 * The answerer's decisions, with the deterministic test model standing in for the local one (the real models' path is
 * test/chat-answering.int-spec.ts): what the model may say, and what the code decides whatever it says.
 */
const available: AiStatus = { available: true, provider: 'deterministic-test' };

const units: AnswerFact = { id: 'units:loc-1', kind: 'location', title: 'Maple Court', text: 'Maple Court has 14 units, 11 of them let.', link: '/property-manager/property-locations/loc-1' };
const trash: AnswerFact = { id: 'knowledge:q-1', kind: 'knowledge', title: 'When is trash collected?', text: 'Trash is collected every Thursday before 7 AM.' };

function answererWith(answer: (question: string, messages: BaseMessage[]) => object, relevant: AnswerFact[], status = { chat: available, embeddings: available }) {
  const prompts: BaseMessage[][] = [];
  const searches: string[] = [];
  const chat = new DeterministicTestChatModel((message, messages) => {
    if (messages[0]!.text.startsWith('Translate')) return JSON.stringify({ english: `(in English) ${message}` });
    prompts.push(messages);
    return JSON.stringify(answer(message, messages));
  });
  const model: DraftingModel = {
    status: () => status,
    async invokeStructured<Schema extends z.ZodType<Record<string, unknown>>>(messages: BaseMessage[], schema: Schema): Promise<z.infer<Schema>> {
      return schema.parse(JSON.parse((await chat.invoke(messages)).text));
    },
  };
  const rank = async (question: string): Promise<FactRanking> => {
    searches.push(question);
    const hits = relevant.map((fact) => ({ fact, score: 0.8, semantic: 0.6, lexical: 0.4 }));
    return { hits, relevant: hits };
  };
  return { answerer: new ChatAnswerer(model, rank), prompts, searches };
}

const base = { audience: 'manager' as const, timeZone: 'America/Boise', now: new Date('2026-11-24T18:00:00Z') };

it('answers in the model\'s words when every claim is in a cited fact, with the cited facts as sources', async () => {
  const { answerer, prompts } = answererWith(() => ({ sourceIds: ['units:loc-1'], answer: 'Maple Court has 14 units and 11 are let.' }), [units, trash]);
  const answer = await answerer.answer({ ...base, question: 'How many units does Maple Court have?', facts: [units, trash] });
  expect(answer).toEqual({
    answer: 'Maple Court has 14 units and 11 are let.',
    language: 'en',
    outcome: 'answered',
    sources: [{ id: 'units:loc-1', kind: 'location', title: 'Maple Court', link: '/property-manager/property-locations/loc-1' }],
    unsupported: [],
  });
  // The model saw the relevant facts with their ids, and today's date computed in code.
  expect(prompts[0]![0]!.text).toContain('[units:loc-1] Maple Court: Maple Court has 14 units, 11 of them let.');
  expect(prompts[0]![1]!.text).toContain('Today is November 24, 2026.');
});

it("sends the cited facts' own text when the model's words state something they do not", async () => {
  const { answerer } = answererWith(() => ({ sourceIds: ['units:loc-1'], answer: 'Maple Court has 16 units, all let.' }), [units]);
  const answer = await answerer.answer({ ...base, question: 'How many units does Maple Court have?', facts: [units] });
  expect(answer).toMatchObject({ answer: units.text, outcome: 'cited-facts', unsupported: ['16'] });
  expect(answer.sources.map((source) => source.id)).toEqual(['units:loc-1']);
});

it('says it does not know, in the asker\'s language and without asking the model, when no fact is relevant', async () => {
  const { answerer, prompts, searches } = answererWith(() => ({ sourceIds: [], answer: 'Invented.' }), []);
  const answer = await answerer.answer({ ...base, audience: 'resident', question: '¿Qué autobús va al centro desde mi casa?', facts: [units] });
  expect(prompts).toHaveLength(0);
  expect(searches).toEqual(['(in English) ¿Qué autobús va al centro desde mi casa?']);
  expect(answer).toEqual({ ...notCoveredAnswer('resident', 'es'), outcome: 'not-covered', sources: [], unsupported: [] });
});

it('says it does not know when the model cites nothing, whatever it wrote', async () => {
  const { answerer } = answererWith(() => ({ sourceIds: [], answer: 'Probably 20 units.' }), [units]);
  expect(await answerer.answer({ ...base, question: 'How many parking spaces are there?', facts: [units] })).toMatchObject({ outcome: 'not-covered', answer: notCoveredAnswer('manager', 'en').answer });
});

it('refuses a citation of an id it was not given (the grammar allows none; a remote model is parsed the same way)', async () => {
  const { answerer } = answererWith(() => ({ sourceIds: ['units:other-account'], answer: 'Elsewhere has 99 units.' }), [units]);
  await expect(answerer.answer({ ...base, question: 'How many units?', facts: [units] })).rejects.toThrow();
});

it('searches a short follow-up together with the question before it', async () => {
  const { answerer, searches } = answererWith(() => ({ sourceIds: ['knowledge:q-1'], answer: 'Every Thursday before 7 AM.' }), [trash]);
  await answerer.answer({ ...base, question: 'and what time?', facts: [trash], history: [{ role: 'user', text: 'When is trash collected?' }, { role: 'assistant', text: 'Every Thursday.' }] });
  expect(searches).toEqual(['When is trash collected?\nand what time?']);
});

it('reports the models as unavailable with their message instead of answering', async () => {
  const missing: AiStatus = { available: false, provider: 'local', reason: 'model-missing', message: 'The local AI model is not installed.' };
  const { answerer } = answererWith(() => ({}), [units], { chat: missing, embeddings: available });
  await expect(answerer.answer({ ...base, question: 'How many units?', facts: [units] })).rejects.toThrow(new AnswersUnavailableError('The local AI model is not installed.'));
});

it('turns a model that fails to load on first use into AnswersUnavailableError', async () => {
  const { answerer } = answererWith(() => {
    throw new AiUnavailableError({ available: false, provider: 'local', reason: 'load-failure', message: 'The local AI model failed to load.' });
  }, [units]);
  await expect(answerer.answer({ ...base, question: 'How many units?', facts: [units] })).rejects.toBeInstanceOf(AnswersUnavailableError);
});
