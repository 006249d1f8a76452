import type { BaseMessage } from '@langchain/core/messages';
import { AiUnavailableError, DeterministicTestChatModel, type AiStatus } from '@pm/ai';
import type { z } from 'zod';
import type { Retrieval, RetrievedItem } from '../retrieval/knowledge-index.js';
import { DraftsUnavailableError } from './draft-reply.types.js';
import { fallbackReply } from './guards/fallback-reply.js';
import { ReplyDrafter, type DraftingModel } from './reply-drafter.js';
import type { UrgencyClassifier, UrgencyGuess } from './urgency/urgency-classifier.js';
import type { AnswerJudge } from './answer-judge/answer-judge.js';
import type { JudgedItem } from './answer-judge/answer-examples.js';

/**
 * The pipeline's decisions, with the deterministic test model standing in for the local one (the real model's path
 * is test/drafting-real-model.int-spec.ts): what the model may say, and what the code decides whatever it says.
 */
/** The test model's translations of the messages whose English the pipeline reads (others come back marked). */
const ENGLISH: Record<string, string> = { '¿Qué día pasa el camión de la basura?': 'What day does the garbage truck come?' };

const available: AiStatus = { available: true, provider: 'deterministic-test' };

/** The urgency classifier, fixed: it reads every message as routine unless a test says otherwise (its own tests are in urgency/). */
function classifierSaying(guess: (englishText: string) => Partial<UrgencyGuess> = () => ({})): UrgencyClassifier & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    classify: async (englishText) => {
      asked.push(englishText);
      return { urgent: false, score: -0.2, category: 'fire', nearest: '', ...guess(englishText) };
    },
  };
}

/** The answer judge, fixed: every candidate answers unless a test says otherwise (its own tests are in answer-judge/). */
function judgeSaying(answers: (englishText: string, item: JudgedItem) => boolean = () => true): AnswerJudge {
  return { judge: async (englishText, items) => items.map((item) => ({ answers: answers(englishText, item), score: answers(englishText, item) ? 1 : -1 })) };
}

function drafterWith(
  answer: (message: string, messages: BaseMessage[]) => object | string,
  items: RetrievedItem[],
  status = { chat: available, embeddings: available },
  translateAnswer: (answer: string) => string = (text) => `(traducido) ${text}`,
  judge: (asked: string) => string = () => '1',
  classifier: UrgencyClassifier = classifierSaying(),
  answerJudge: AnswerJudge = judgeSaying(),
) {
  const calls: BaseMessage[][] = [];
  const judged: string[] = [];
  const searches: string[] = [];
  const translations: string[] = [];
  const chat = new DeterministicTestChatModel((message, messages) => {
    if (messages[0]!.text.startsWith("Translate the tenant's message")) return JSON.stringify({ english: ENGLISH[message] ?? `(in English) ${message}` });
    if (messages[0]!.text.startsWith('Which of the listed questions')) {
      judged.push(message);
      return JSON.stringify({ choice: judge(message) });
    }
    if (messages[0]!.text.startsWith("Translate the property manager's answer")) {
      translations.push(messages[0]!.text);
      return JSON.stringify({ translation: translateAnswer(message) });
    }
    calls.push(messages);
    const reply = answer(message, messages);
    return typeof reply === 'string' ? reply : JSON.stringify(reply);
  });
  const model: DraftingModel = {
    status: () => status,
    async invokeStructured<Schema extends z.ZodType<Record<string, unknown>>>(messages: BaseMessage[], schema: Schema): Promise<z.infer<Schema>> {
      return schema.parse(JSON.parse((await chat.invoke(messages)).text));
    },
  };
  const retrieval: Retrieval = { hits: items, relevant: items.filter((item) => item.score >= 0.45) };
  const retrieve = async (_locationId: string, text: string): Promise<Retrieval> => {
    searches.push(text);
    return retrieval;
  };
  return { drafter: new ReplyDrafter(model, retrieve, classifier, answerJudge), calls, searches, translations, judged };
}

const trash: RetrievedItem = { kind: 'question', sourceId: 'q-trash', title: 'When is trash pickup?', body: 'Trash is picked up every Thursday. Carts at the curb by 7 AM.', score: 0.71, semantic: 0.62, lexical: 0.18 };
const weak: RetrievedItem = { ...trash, sourceId: 'q-weak', score: 0.2, semantic: 0.2, lexical: 0 };
const quietHours: RetrievedItem = { kind: 'question', sourceId: 'q-quiet', title: 'What are the quiet hours?', body: 'Quiet hours are 10 PM to 7 AM every day.', score: 0.58, semantic: 0.5, lexical: 0.16 };
const gym: RetrievedItem = { kind: 'question', sourceId: 'q-gym', title: 'When is the fitness center open?', body: 'The fitness center on level 2 is open 5 AM to 11 PM daily. Bring your key fob.', score: 0.55, semantic: 0.5, lexical: 0.1 };
const pets: RetrievedItem = { kind: 'question', sourceId: 'q-pets', title: 'Can I have a pet?', body: 'Up to 2 cats or dogs are allowed with a $300 deposit and $35 monthly pet rent.', score: 0.62, semantic: 0.55, lexical: 0.14 };
const parking: RetrievedItem = { kind: 'question', sourceId: 'q-parking', title: 'Where can I park?', body: 'Each unit has one assigned spot in the garage. Guest parking is on level P1.', score: 0.5, semantic: 0.45, lexical: 0.1 };
const smoking: RetrievedItem = { kind: 'question', sourceId: 'q-smoking', title: 'Is smoking allowed?', body: 'Smoking and vaping are not allowed anywhere on the property, including balconies and patios.', score: 0.66, semantic: 0.6, lexical: 0.12 };
const sublet: RetrievedItem = { kind: 'rule', sourceId: 'r-sublet', title: 'A tenant asks to sublet', body: 'Tell the tenant subletting needs written approval from the owner. Mark the draft for the owner.', score: 0.6, semantic: 0.55, lexical: 0.1 };
const sparks: RetrievedItem = { kind: 'rule', sourceId: 'r-electrical', title: 'A tenant reports sparks or a burning smell', body: 'Give the immediate safety steps from the knowledge base, then tell the tenant to call Bright Spark Electric at (602) 555-0161. Mark the draft URGENT for the owner.', score: 0.61, semantic: 0.55, lexical: 0.12 };
const emergencyLine: RetrievedItem = { kind: 'question', sourceId: 'q-emergency-line', title: 'What is the emergency maintenance number?', body: 'For maintenance emergencies after hours call (602) 555-0148, 24 hours a day.', score: 0.52, semantic: 0.5, lexical: 0.05 };
const location = { id: 'loc-1', name: '88 Juniper Court', timeZone: 'America/Boise' };


it('defers with the holding reply in the tenant\'s language, flagged, with the near misses, when nothing relevant is retrieved (the model only translated the message)', async () => {
  const { drafter, calls, searches } = drafterWith(() => ({ sourceIds: ['q-weak'], reply: 'Invented.' }), [weak]);
  const draft = await drafter.draftReply({ message: '¿Puedo pintar las paredes de mi habitación de azul?', location });
  expect(calls).toHaveLength(0);
  expect(searches).toEqual(['(in English) ¿Puedo pintar las paredes de mi habitación de azul?']);
  expect(draft).toMatchObject({ outcome: 'not-covered', language: 'es', reply: fallbackReply('es').reply, flaggedForManager: true, sources: [], confidence: 0 });
  expect(draft.nearMisses.map((item) => item.id)).toEqual(['q-weak']);
});

it('answers with the one answering item\'s own words, without asking the model', async () => {
  const { drafter, calls } = drafterWith(() => ({ sourceIds: ['q-trash'], reply: 'Trash is Monday.' }), [trash, weak]);
  const draft = await drafter.draftReply({ message: 'when is trash day?', location });
  expect(calls).toHaveLength(0);
  expect(draft).toMatchObject({ outcome: 'cited-answer', reply: trash.body, intent: 'policy_question', urgent: false, flaggedForManager: false, language: 'en', nearMisses: [] });
  expect(draft.sources).toEqual([{ kind: 'question', id: 'q-trash', title: 'When is trash pickup?', score: 0.71 }]);
});

it('answers a request for money off with the charge it asks about and passes the request on, flagged: the decision is the manager\'s', async () => {
  const lateFee: RetrievedItem = { kind: 'question', sourceId: 'q-late-fee', title: 'When is rent late?', body: 'Rent is due on the 1st. After the 5th a $50 late fee applies.', score: 0.6, semantic: 0.55, lexical: 0.12 };
  const { drafter, calls, judged } = drafterWith(() => ({ sourceIds: ['q-late-fee'], reply: 'We will waive it.' }), [lateFee, quietHours]);
  const draft = await drafter.draftReply({ message: 'Could you waive my late fee this month? I was in the hospital.', location });
  expect(judged).toHaveLength(1);
  expect(calls).toHaveLength(0);
  expect(draft).toMatchObject({ outcome: 'cited-answer', flaggedForManager: true, reply: `${lateFee.body} I've passed your request on to the property manager, who will get back to you.` });
  expect(draft.sources.map((source) => source.id)).toEqual(['q-late-fee']);
});

it('never sends an item about another subject: the gym\'s hours are not the quiet hours', async () => {
  const { drafter, calls } = drafterWith(() => ({ sourceIds: ['q-quiet'], reply: 'Quiet hours are 10 PM to 7 AM.' }), [quietHours]);
  const draft = await drafter.draftReply({ message: 'fitness center hours on weekends?', location });
  expect(calls).toHaveLength(0);
  expect(draft).toMatchObject({ outcome: 'not-covered', reply: fallbackReply('en').reply, flaggedForManager: true, sources: [] });
  expect(draft.nearMisses.map((item) => item.id)).toEqual(['q-quiet']);
  // With the gym's item found too, it answers, whatever ranks first.
  const both = await drafterWith(() => ({}), [quietHours, gym]).drafter.draftReply({ message: 'fitness center hours on weekends?', location });
  expect(both).toMatchObject({ outcome: 'cited-answer', sources: [expect.objectContaining({ id: 'q-gym' })] });
});

it('sends no item the answer judge refuses, neither as the answer nor by the fallback, and defers with it among the near misses', async () => {
  // The judge refuses the pool's item for a sauna: the item names "open" and hours, but not what was asked.
  const pool: RetrievedItem = { kind: 'question', sourceId: 'q-pool', title: 'When is the pool open?', body: 'The pool is open 9 AM to 9 PM from May to September.', score: 0.62, semantic: 0.61, lexical: 0.1 };
  const refusesPool = judgeSaying((_text, item) => item.question !== pool.title);
  const { drafter, calls, judged } = drafterWith(() => ({ sourceIds: ['q-pool'], reply: 'The pool is open 9 AM to 9 PM.' }), [pool], undefined, undefined, () => '1', undefined, refusesPool);
  const draft = await drafter.draftReply({ message: 'what are the pool and sauna hours?', location });
  expect(judged).toHaveLength(0);
  expect(calls).toHaveLength(0);
  expect(draft).toMatchObject({ outcome: 'not-covered', reply: fallbackReply('en').reply, flaggedForManager: true, sources: [] });
  expect(draft.nearMisses.map((item) => item.id)).toEqual(['q-pool']);
  // Two candidates, the judge keeps one: that one is the answer, alone, and the refused one is not composed with it.
  const kept = drafterWith(() => ({ sourceIds: ['q-pool', 'q-gym'], reply: 'Both.' }), [pool, gym], undefined, undefined, () => '1', undefined, refusesPool);
  const answered = await kept.drafter.draftReply({ message: 'what are the pool and fitness center hours?', location });
  expect(kept.calls).toHaveLength(0);
  expect(answered).toMatchObject({ outcome: 'cited-answer', reply: gym.body, sources: [expect.objectContaining({ id: 'q-gym' })] });
});

it('asks the judge about the English text, each item as its question and answer, a rule as its situation', async () => {
  const asked: { text: string; items: JudgedItem[] }[] = [];
  const recording: AnswerJudge = {
    judge: async (text, items) => {
      asked.push({ text, items: [...items] });
      return items.map(() => ({ answers: true, score: 1 }));
    },
  };
  const { drafter } = drafterWith(() => ({ sourceIds: ['r-sublet'], reply: 'Subletting needs written approval from the owner.' }), [sublet], undefined, undefined, () => '1', undefined, recording);
  await drafter.draftReply({ message: 'can I sublet my place this summer?', location });
  expect(asked).toEqual([{ text: 'can I sublet my place this summer?', items: [{ question: 'What to do when a tenant asks to sublet?' }] }]);
  asked.length = 0;
  await drafterWith(() => ({}), [trash], undefined, undefined, () => '1', undefined, recording).drafter.draftReply({ message: '¿Qué día pasa el camión de la basura?', location });
  expect(asked).toEqual([{ text: 'What day does the garbage truck come?', items: [{ question: trash.title, answer: trash.body }] }]);
});

it('asks the model to pick the question the message asks where an item names only part of it, and defers when it picks none', async () => {
  const ev: RetrievedItem = { kind: 'question', sourceId: 'q-parking-spaces', title: 'Can I rent a parking space?', body: 'Parking spaces in the garage rent for $225 a month.', score: 0.6, semantic: 0.55, lexical: 0.1 };
  const { drafter, judged } = drafterWith(() => ({}), [ev], undefined, undefined, () => 'none');
  const draft = await drafter.draftReply({ message: 'Are there chargers for electric cars in the garage?', location });
  expect(judged).toHaveLength(1);
  // The question with the start of its answer: what the item covers, beside what it is called.
  expect(judged[0]).toContain('1. Can I rent a parking space? (answer: Parking spaces in the garage rent for $225 a month.)');
  expect(judged[0]).toContain('none. None of these');
  expect(draft).toMatchObject({ outcome: 'not-covered', flaggedForManager: true });
  expect(draft.reply).not.toContain('$225');
  // A request to the manager ("can you take $100 off?") is always put to the model, however well the item matches.
  const request = await drafterWith(() => ({}), [trash], undefined, undefined, () => 'none').drafter.draftReply({ message: 'Can you send someone to take the trash?', location });
  expect(request.outcome).toBe('not-covered');
  // When the model picks the item, it answers.
  const picked = await drafterWith(() => ({}), [ev]).drafter.draftReply({ message: 'Are there chargers for electric cars in the garage?', location });
  expect(picked).toMatchObject({ outcome: 'cited-answer', reply: ev.body });
});

it('defers a question about a case under way, which no item answers ("fixed the sink yet?")', async () => {
  const repairs: RetrievedItem = { kind: 'question', sourceId: 'q-repairs', title: 'How do I ask for a repair?', body: 'Text repair requests to (208) 555-0134.', score: 0.6, semantic: 0.5, lexical: 0.2 };
  const draft = await drafterWith(() => ({}), [repairs]).drafter.draftReply({ message: 'u guys fix the sink yet?? its been 4 days', location });
  expect(draft).toMatchObject({ outcome: 'not-covered', flaggedForManager: true });
});

it('sends a Spanish tenant the item\'s answer in Spanish, translated by the model and checked', async () => {
  const asked: string[] = [];
  const translate = (answer: string): string => {
    asked.push(answer);
    return 'La basura se recoge cada jueves. Los contenedores en la acera antes de las {1}.';
  };
  const { drafter, translations } = drafterWith(() => ({}), [trash], undefined, translate);
  const draft = await drafter.draftReply({ message: '¿Qué día pasa el camión de la basura?', location });
  expect(translations).toHaveLength(1);
  expect(translations[0]).toContain('Spanish');
  // The model never sees the time it must keep: it comes back from the placeholder as written.
  expect(asked).toEqual(['Trash is picked up every Thursday. Carts at the curb by {1}.']);
  expect(draft.reply).toBe('La basura se recoge cada jueves. Los contenedores en la acera antes de las 7 AM.');
  expect(draft).toMatchObject({ outcome: 'cited-answer', language: 'es', flaggedForManager: false });
  expect(draft.reply).toMatch(/^La basura se recoge cada jueves/);
});

it('translates an item\'s answer once per language: the next tenant asking gets the checked translation kept', async () => {
  const { drafter, translations } = drafterWith(() => ({}), [trash], undefined, () => 'La basura se recoge cada jueves. Los contenedores en la acera antes de las {1}.');
  await drafter.draftReply({ message: '¿Qué día pasa el camión de la basura?', location });
  const again = await drafter.draftReply({ message: '¿Qué día pasa el camión de la basura?', location });
  expect(translations).toHaveLength(1);
  expect(again).toMatchObject({ outcome: 'cited-answer', reply: 'La basura se recoge cada jueves. Los contenedores en la acera antes de las 7 AM.' });
});

it('translates sentence by sentence when the whole answer\'s translation fails its check, and sends it when every sentence passes', async () => {
  const asked: string[] = [];
  const translate = (answer: string): string => {
    asked.push(answer);
    if (answer === 'Trash is picked up every Thursday.') return 'La basura se recoge cada jueves.';
    if (answer === 'Carts at the curb by {1}.') return 'Los contenedores en la acera antes de las {1}.';
    // The whole answer: its time lost.
    return 'La basura se recoge cada jueves.';
  };
  const { drafter } = drafterWith(() => ({}), [trash], undefined, translate);
  const draft = await drafter.draftReply({ message: '¿Qué día pasa el camión de la basura?', location });
  expect(asked).toEqual(['Trash is picked up every Thursday. Carts at the curb by {1}.', 'Trash is picked up every Thursday.', 'Carts at the curb by {1}.']);
  expect(draft).toMatchObject({ outcome: 'cited-answer', reply: 'La basura se recoge cada jueves. Los contenedores en la acera antes de las 7 AM.' });
});

it.each([
  ['writes a value of its own for a placeholder', 'La basura se recoge cada jueves antes de las 8 AM.'],
  ['loses a placeholder', 'La basura se recoge cada jueves.'],
  ['repeats a placeholder', 'La basura se recoge cada jueves antes de las {1}, o de las {1}.'],
  ['adds a value', 'La basura se recoge cada jueves y domingo antes de las {1}, por $5.'],
  ['is not Spanish', 'Trash is picked up every Thursday. Carts at the curb by 7 AM.'],
])('sends the holding reply in Spanish, flagged, never the English answer, when the translation %s', async (_case, translation) => {
  const { drafter } = drafterWith(() => ({}), [trash], undefined, () => translation);
  const draft = await drafter.draftReply({ message: '¿Qué día pasa el camión de la basura?', location });
  expect(draft).toMatchObject({ outcome: 'holding-reply', reply: fallbackReply('es').reply, flaggedForManager: true, language: 'es' });
});

it('asks the model to compose only when the question needs two items, and keeps its reply when every fact is in them', async () => {
  const reply = 'Up to 2 cats or dogs are allowed with a $300 deposit. Guest parking is on level P1.';
  const { drafter, calls } = drafterWith(() => ({ sourceIds: ['q-pets', 'q-parking'], reply }), [pets, parking]);
  const draft = await drafter.draftReply({ message: 'Two things: the pet rules for my dog, and guest parking?', location });
  expect(calls).toHaveLength(1);
  expect(calls[0]![0]!.text).toContain('[q-pets]');
  expect(calls[0]![0]!.text).toContain('[q-parking]');
  expect(draft).toMatchObject({ outcome: 'model-reply', reply, flaggedForManager: false });
  expect(draft.sources.map((source) => source.id).sort()).toEqual(['q-parking', 'q-pets']);
});

it.each([
  ['states a fact no item states', 'Up to 3 pets are allowed. Guest parking is on level P1.'],
  ['offers what no item offers', 'Up to 2 cats or dogs are allowed. I can provide a storage room for the crate.'],
  ['loops', 'Guest parking is on level P1. Guest parking is on level P1. Guest parking is on level P1.'],
])('sends the best answering item\'s own words when the composed reply %s', async (_case, reply) => {
  const { drafter } = drafterWith(() => ({ sourceIds: ['q-pets', 'q-parking'], reply }), [pets, parking]);
  const draft = await drafter.draftReply({ message: 'Two things: the pet rules for my dog, and guest parking?', location });
  expect(draft.outcome).toBe('cited-answer');
  expect([pets.body, parking.body]).toContain(draft.reply);
});

it('never grants what no item grants: a "yes" from the model with only a rule to follow is the holding reply, and no rule sentence reaches the tenant', async () => {
  const { drafter, calls } = drafterWith(() => ({ sourceIds: ['r-sublet'], reply: 'Yes, you may sublet. Mark the draft for the owner.' }), [sublet]);
  const draft = await drafter.draftReply({ message: 'Can I sublet my room for the summer?', location });
  expect(calls).toHaveLength(1);
  // Rules are shown to the model as instructions.
  expect(calls[0]![0]!.text).toContain('[r-sublet] RULE when a tenant asks to sublet');
  expect(draft).toMatchObject({ outcome: 'holding-reply', reply: fallbackReply('en').reply, flaggedForManager: true });
  expect(draft.reply).not.toMatch(/draft|owner/i);
});

it('answers a smoking-policy question from its item: a hazard word in a rule question is not an emergency', async () => {
  const draft = await drafterWith(() => ({}), [smoking]).drafter.draftReply({ message: 'is smoking allowed on the patio?', location });
  expect(draft).toMatchObject({ urgent: false, outcome: 'cited-answer', reply: smoking.body });
});

it('leads an urgent reply with the safety step and whom to call, in the tenant\'s language, never a rule\'s sentence, and flags it', async () => {
  const { drafter, searches, calls } = drafterWith(() => ({ sourceIds: ['r-electrical'], reply: 'Give the immediate safety steps.' }), [sparks, smoking, emergencyLine]);
  const draft = await drafter.draftReply({ message: 'Hay chispas y olor a quemado en el enchufe de la cocina', location });
  expect(draft).toMatchObject({ urgent: true, intent: 'emergency', flaggedForManager: true, language: 'es' });
  expect(draft.urgency.map((match) => match.category)).toContain('electrical');
  expect(draft.reply).toMatch(/^Aléjese del enchufe/);
  expect(draft.reply).toContain('911');
  expect(draft.reply).toContain('Bright Spark Electric: (602) 555-0161');
  expect(draft.reply).toContain('(602) 555-0148');
  expect(draft.reply).not.toMatch(/knowledge base|draft|URGENT|smoking/i);
  expect(draft.sources.map((source) => source.id)).toEqual(['r-electrical', 'q-emergency-line']);
  // The emergency line is searched for on its own; the model composed nothing (it only translated the message).
  expect(searches).toHaveLength(2);
  expect(calls).toHaveLength(0);
});

it('is urgent, with the safety step, even when the knowledge has nothing on the emergency', async () => {
  const draft = await drafterWith(() => ({}), [weak]).drafter.draftReply({ message: 'the basement is flooding!!', location });
  expect(draft).toMatchObject({ urgent: true, intent: 'emergency', flaggedForManager: true, outcome: 'holding-reply' });
  expect(draft.reply).toMatch(/^If you can do it safely, shut off the water valve/);
});

it('flags what the classifier reads as an emergency where no rule fires, with its nearest example as the evidence, and leads with that hazard\'s safety step', async () => {
  const classifier = classifierSaying((text) => (/light fixture/.test(text) ? { urgent: true, score: 0.1, category: 'flood', nearest: 'water dripping out of the ceiling light' } : {}));
  const { drafter, calls } = drafterWith(() => ({}), [weak], undefined, undefined, undefined, classifier);
  const draft = await drafter.draftReply({ message: 'my kitchen light fixture has filled up with water', location });
  expect(draft).toMatchObject({ urgent: true, intent: 'emergency', flaggedForManager: true });
  expect(draft.urgency).toEqual([{ category: 'flood', evidence: 'like "water dripping out of the ceiling light"' }]);
  expect(draft.reply).toMatch(/^If you can do it safely, shut off the water valve/);
  expect(calls).toHaveLength(0);
});

it('asks the classifier only where the rules found nothing and the message is not a house-rule question', async () => {
  const classifier = classifierSaying(() => ({ urgent: true, category: 'fire', nearest: 'smoke in the hallway' }));
  const { drafter } = drafterWith(() => ({}), [smoking, trash], undefined, undefined, undefined, classifier);
  const policy = await drafter.draftReply({ message: 'is smoking allowed on the patio?', location });
  const ruled = await drafter.draftReply({ message: 'the basement is flooding!!', location });
  expect(policy.urgent).toBe(false);
  expect(ruled.urgency.map((match) => match.category)).toEqual(['flood']);
  expect(classifier.asked).toEqual([]);
});

it('asks the model\'s second opinion where a hazard word appears that the rules do not settle, and takes its "emergency"', async () => {
  const { drafter, calls } = drafterWith((_message, messages) => (messages[0]!.text.startsWith('Decide if') ? { emergency: true } : {}), [weak]);
  const draft = await drafter.draftReply({ message: 'the hallway has a weird hot smell and my eyes sting', location });
  expect(calls).toHaveLength(1);
  expect(draft).toMatchObject({ urgent: true, intent: 'emergency', flaggedForManager: true });
  expect(draft.reply).toContain('911');
  const calm = await drafterWith(() => ({ emergency: false }), [trash]).drafter.draftReply({ message: 'is the water bill included?', location });
  expect(calm.urgent).toBe(false);
});

it('asks the second opinion where someone vulnerable is beside a harm, and not for either alone', async () => {
  const asked = (messages: { text: string }[]): boolean => messages[0]!.text.startsWith('Decide if');
  const { drafter, calls } = drafterWith((_message, messages) => (asked(messages) ? { emergency: true } : {}), [weak]);
  const draft = await drafter.draftReply({ message: 'the radiators are all off, it is freezing in here and we have a 6 week old', location });
  expect(calls.filter(asked)).toHaveLength(1);
  expect(draft).toMatchObject({ urgent: true, intent: 'emergency' });
  expect(draft.urgency).toEqual([{ category: 'declared', evidence: 'wek old frezing' }]);

  const everyday = drafterWith((_message, messages) => (asked(messages) ? { emergency: true } : {}), [trash]);
  await everyday.drafter.draftReply({ message: 'where can we leave the baby stroller during the day?', location });
  await everyday.drafter.draftReply({ message: 'it is cold out, when is trash pickup?', location });
  expect(everyday.calls.filter(asked)).toHaveLength(0);
});

it('computes the message\'s dates in the location\'s time zone', async () => {
  const { drafter } = drafterWith(() => ({}), [trash]);
  // 05:30 UTC on 2025-03-13 is still the 12th (a Wednesday) in Boise: "tomorrow" is Thursday the 13th.
  const draft = await drafter.draftReply({ message: 'is trash pickup tomorrow morning?', location, receivedAt: new Date('2025-03-13T05:30:00Z') });
  expect(draft.dates.map((date) => date.date)).toEqual(['2025-03-13']);
});

it('replies in the language of the tenant\'s earlier message when this one is too short to tell', async () => {
  const { drafter } = drafterWith(() => ({}), [weak]);
  const draft = await drafter.draftReply({ message: 'ok gracias', location, thread: [{ from: 'tenant', text: 'Hola, ¿cuándo pasa el camión de la basura?' }] });
  expect(draft.language).toBe('es');
});

it('says drafts are unavailable, with the runtime\'s reason, when a model is missing or fails to load', async () => {
  const missing: AiStatus = { available: false, provider: 'local', reason: 'model-missing', message: 'The local AI model is not installed: drafts are unavailable.' };
  const { drafter, calls } = drafterWith(() => ({}), [trash], { chat: missing, embeddings: available });
  await expect(drafter.draftReply({ message: 'when is trash day?', location })).rejects.toThrow(new DraftsUnavailableError(missing.message));
  expect(calls).toHaveLength(0);

  const failing: DraftingModel = {
    status: () => ({ chat: available, embeddings: available }),
    invokeStructured: () => Promise.reject(new AiUnavailableError({ ...missing, reason: 'load-failure', message: 'The local AI model failed to load: drafts are unavailable.' })),
  };
  const draft = new ReplyDrafter(failing, async () => ({ hits: [trash], relevant: [trash] }), classifierSaying(), judgeSaying()).draftReply({ message: '¿Qué día pasa el camión de la basura?', location });
  await expect(draft).rejects.toThrow(DraftsUnavailableError);
  await expect(draft).rejects.toThrow('The local AI model failed to load: drafts are unavailable.');
});
