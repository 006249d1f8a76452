import type { BaseMessage } from '@langchain/core/messages';
import { AiUnavailableError, DeterministicTestChatModel, type AiStatus, type StreamedCallOptions, type StreamedStructured } from '@pm/ai';
import type { z } from 'zod';
import { AnswersUnavailableError, type AnswerFact } from './chat-answer.types.js';
import { ANSWER_MAX_CHARS, ChatAnswerer, type AnsweringModel } from './chat-answerer.js';
import type { FactRanking } from './fact-ranker.js';
import { notCoveredAnswer } from './not-covered-answer.js';

/**
 * The answerer's decisions, with the deterministic test model standing in for the local one (the real models' path is
 * test/chat-answering.int-spec.ts): what the model may say, and what the code decides whatever it says.
 */
const available: AiStatus = { available: true, provider: 'deterministic-test' };

const units: AnswerFact = { id: 'units:loc-1', kind: 'location', title: 'Maple Court', text: 'Maple Court has 14 units, 11 of them let.', link: '/property-manager/property-locations/loc-1' };
const trash: AnswerFact = { id: 'knowledge:q-1', kind: 'knowledge', title: 'When is trash collected?', text: 'Trash is collected every Thursday before 7 AM.' };

/** How the stand-in model ends: the whole reply, or the text the budget or a deadline left of it. */
type Ending = { end: 'complete' } | { end: 'max-tokens' | 'stopped'; keepChars: number };

/**
 * The answerer with a stand-in model: `answer` says what the "model" replies, citing facts by their own ids (turned
 * into the numbers the prompt shows them under, as the real model sees them); its JSON is handed over a few characters
 * at a time, as the local model streams it.
 */
function answererWith(answer: (question: string, messages: BaseMessage[]) => object, relevant: AnswerFact[], status = { chat: available, embeddings: available }, ending: Ending = { end: 'complete' }) {
  const prompts: BaseMessage[][] = [];
  const searches: string[] = [];
  const chat = new DeterministicTestChatModel((message, messages) => {
    if (messages[0]!.text.startsWith('Translate')) return JSON.stringify({ english: `(in English) ${message}` });
    prompts.push(messages);
    const reply = answer(message, messages) as { sourceIds?: string[]; answer?: string };
    const alias = (id: string) => (relevant.some((fact) => fact.id === id) ? `F${relevant.findIndex((fact) => fact.id === id) + 1}` : id);
    // As the local model writes it: the answer first, then the facts it names.
    return JSON.stringify(reply.sourceIds === undefined ? reply : { answer: reply.answer, sourceIds: reply.sourceIds.map(alias) });
  });
  const model: AnsweringModel = {
    status: () => status,
    async invokeStructured<Schema extends z.ZodType<Record<string, unknown>>>(messages: BaseMessage[], schema: Schema): Promise<z.infer<Schema>> {
      return schema.parse(JSON.parse((await chat.invoke(messages)).text));
    },
    async streamStructured<Schema extends z.ZodType<Record<string, unknown>>>(messages: BaseMessage[], schema: Schema, options: StreamedCallOptions = {}): Promise<StreamedStructured<z.infer<Schema>>> {
      const whole = (await chat.invoke(messages)).text;
      const text = ending.end === 'complete' ? whole : whole.slice(0, ending.keepChars);
      for (let at = 4; at < text.length + 4; at += 4) options.onText?.(text.slice(0, at));
      if (ending.end !== 'complete') return { text, end: ending.end, value: undefined };
      return { text, end: 'complete', value: schema.parse(JSON.parse(text)) };
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
    stoppedEarly: false,
  });
  // The model saw the relevant facts under short names (their ids would cost it dozens of tokens), and today's date computed in code.
  expect(prompts[0]![0]!.text).toContain('[F1] Maple Court: Maple Court has 14 units, 11 of them let.');
  expect(prompts[0]![0]!.text).toContain('[F2] When is trash collected?: Trash is collected every Thursday before 7 AM.');
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
  expect(answer).toEqual({ ...notCoveredAnswer('resident', 'es'), outcome: 'not-covered', sources: [], unsupported: [], stoppedEarly: false });
});

it('rests an answer on all the facts it was given when the model names too few, or none, and its words are in them', async () => {
  const { answerer } = answererWith(() => ({ sourceIds: ['knowledge:q-1'], answer: 'Maple Court has 14 units and trash goes out Thursday before 7 AM.' }), [units, trash]);
  expect(await answerer.answer({ ...base, question: 'Units and trash at Maple Court?', facts: [units, trash] })).toMatchObject({ outcome: 'answered', sources: [{ id: 'units:loc-1' }, { id: 'knowledge:q-1' }] });
  const { answerer: silent } = answererWith(() => ({ sourceIds: [], answer: 'Maple Court has 14 units.' }), [units]);
  expect(await silent.answer({ ...base, question: 'How many units?', facts: [units] })).toMatchObject({ outcome: 'answered', answer: 'Maple Court has 14 units.', sources: [{ id: 'units:loc-1' }] });
});

it('says it does not know when the model cites nothing and its words are in no fact', async () => {
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

describe('an answer shown while it is written, and one the budget or a deadline ends', () => {
  const long = 'Maple Court has 14 units and 11 are let. Maple Court is in the portfolio. Maple Court has 14 units in all, and the';

  it('hands over the answer so far in whole words, each time it grows, and returns the grounded answer', async () => {
    const { answerer } = answererWith(() => ({ sourceIds: ['units:loc-1'], answer: 'Maple Court has 14 units and 11 are let.' }), [units]);
    const partials: string[] = [];
    const answer = await answerer.answer({ ...base, question: 'How many units does Maple Court have?', facts: [units] }, { onPartial: (text) => partials.push(text) });
    expect(answer.outcome).toBe('answered');
    expect(partials.length).toBeGreaterThan(3);
    expect(partials[0]).toBe('Maple');
    for (const [index, partial] of partials.entries()) {
      expect('Maple Court has 14 units and 11 are let.'.startsWith(partial)).toBe(true);
      if (index > 0) expect(partial.length).toBeGreaterThan(partials[index - 1]!.length);
      // Never half a word.
      expect(/\S$/.test(partial) && 'Maple Court has 14 units and 11 are let.'.charAt(partial.length) === ' ').toBe(true);
    }
  });

  it.each(['max-tokens', 'stopped'] as const)('ends an answer the %s ended at its last complete sentence, and says it stopped', async (end) => {
    const json = JSON.stringify({ sourceIds: ['1'], answer: long });
    const { answerer } = answererWith(() => ({ sourceIds: ['units:loc-1'], answer: long }), [units], undefined, { end, keepChars: json.length - 5 });
    const answer = await answerer.answer({ ...base, question: 'How many units does Maple Court have?', facts: [units] });
    expect(answer).toMatchObject({ outcome: 'answered', stoppedEarly: true, answer: 'Maple Court has 14 units and 11 are let. Maple Court is in the portfolio.\n(Answer stopped early.)' });
  });

  it('ends an answer that filled its whole length (the grammar closed it there) at its last sentence', async () => {
    const filling = `${'Maple Court has 14 units. '.repeat(40)}`.slice(0, ANSWER_MAX_CHARS);
    const { answerer } = answererWith(() => ({ sourceIds: ['units:loc-1'], answer: filling }), [units]);
    const answer = await answerer.answer({ ...base, question: 'How many units does Maple Court have?', facts: [units] });
    expect(answer.stoppedEarly).toBe(true);
    expect(answer.answer.endsWith('Maple Court has 14 units.\n(Answer stopped early.)')).toBe(true);
    expect(answer.answer.length).toBeLessThan(ANSWER_MAX_CHARS + 30);
  });

  it('says it stopped in the asker\'s language', async () => {
    const spanish = 'Maple Court tiene 14 unidades. Once están alquiladas y tres';
    const { answerer } = answererWith(() => ({ sourceIds: ['units:loc-1'], answer: spanish }), [units], undefined, { end: 'stopped', keepChars: 200 });
    const answer = await answerer.answer({ ...base, question: '¿Cuántas unidades tiene Maple Court?', facts: [units] });
    expect(answer.answer).toBe('Maple Court tiene 14 unidades.\n(Respuesta interrumpida.)');
  });

  it('quotes the best ranked facts, with the note, when it wrote no complete sentence in time; those it named, if it got that far', async () => {
    const { answerer: early } = answererWith(() => ({ sourceIds: ['units:loc-1'], answer: 'Maple Court has fourteen units and' }), [trash, units], undefined, { end: 'stopped', keepChars: 30 });
    expect(await early.answer({ ...base, question: 'How many units does Maple Court have?', facts: [trash, units] })).toMatchObject({
      outcome: 'cited-facts',
      answer: `${trash.text}\n${units.text}\n(Answer stopped early.)`,
      stoppedEarly: true,
    });
    const { answerer } = answererWith(() => ({ sourceIds: ['units:loc-1'], answer: 'Maple Court has fourteen units and' }), [trash, units], undefined, { end: 'stopped', keepChars: 500 });
    expect(await answerer.answer({ ...base, question: 'How many units does Maple Court have?', facts: [trash, units] })).toMatchObject({
      outcome: 'cited-facts',
      answer: `${units.text}\n(Answer stopped early.)`,
      sources: [{ id: 'units:loc-1' }],
      stoppedEarly: true,
    });
  });

  it('still checks what it keeps of a stopped answer against the facts', async () => {
    const wrong = 'Maple Court has 16 units. All of them are';
    const { answerer } = answererWith(() => ({ sourceIds: ['units:loc-1'], answer: wrong }), [units], undefined, { end: 'max-tokens', keepChars: 500 });
    expect(await answerer.answer({ ...base, question: 'How many units does Maple Court have?', facts: [units] })).toMatchObject({ outcome: 'cited-facts', answer: units.text, unsupported: ['16'] });
    // Cut before it named a fact, words no fact supports are no answer.
    const { answerer: unnamed } = answererWith(() => ({ sourceIds: ['units:loc-1'], answer: wrong }), [units], undefined, { end: 'max-tokens', keepChars: 40 });
    expect(await unnamed.answer({ ...base, question: 'How many units does Maple Court have?', facts: [units] })).toMatchObject({ outcome: 'not-covered' });
  });
});
