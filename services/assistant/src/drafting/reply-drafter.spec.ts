import type { BaseMessage } from '@langchain/core/messages';
import { AiUnavailableError, DeterministicTestChatModel, type AiStatus } from '@pm/ai';
import type { z } from 'zod';
import type { Retrieval, RetrievedItem } from '../retrieval/knowledge-index.js';
import { DraftsUnavailableError } from './draft-reply.types.js';
import { fallbackReply } from './guards/fallback-reply.js';
import { ReplyDrafter, type DraftingModel } from './reply-drafter.js';

/**
 * The pipeline's decisions, with the deterministic test model standing in for the local one (the real model's path
 * is test/drafting-real-model.int-spec.ts): what the model may say, and what the code decides whatever it says.
 */
const available: AiStatus = { available: true, provider: 'deterministic-test' };

function drafterWith(
  answer: (message: string, messages: BaseMessage[]) => object | string,
  items: RetrievedItem[],
  status = { chat: available, embeddings: available },
  translateAnswer: (answer: string) => string = (text) => `(traducido) ${text}`,
) {
  const calls: BaseMessage[][] = [];
  const searches: string[] = [];
  const translations: string[] = [];
  const chat = new DeterministicTestChatModel((message, messages) => {
    if (messages[0]!.text.startsWith("Translate the tenant's message")) return JSON.stringify({ english: `(in English) ${message}` });
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
  return { drafter: new ReplyDrafter(model, retrieve), calls, searches, translations };
}

const trash: RetrievedItem = { kind: 'question', sourceId: 'q-trash', title: 'When is trash pickup?', body: 'Trash is picked up every Thursday. Carts at the curb by 7 AM.', score: 0.71, semantic: 0.62, lexical: 0.18 };
const gas: RetrievedItem = { kind: 'rule', sourceId: 'r-gas', title: 'A tenant smells gas', body: 'Leave the house now and call the gas company at 555-0100, then 911.', score: 0.66, semantic: 0.6, lexical: 0.12 };
const weak: RetrievedItem = { ...trash, sourceId: 'q-weak', score: 0.2, semantic: 0.2, lexical: 0 };
const location = { id: 'loc-1', name: '88 Juniper Court', timeZone: 'America/Boise' };

it('answers with the fixed holding reply in the tenant\'s language, flagged, when nothing relevant is retrieved (the model only translated the message for the search)', async () => {
  const { drafter, calls, searches } = drafterWith(() => ({ intent: 'general', sourceIds: ['q-weak'], reply: 'Invented.' }), [weak]);
  const draft = await drafter.draftReply({ message: '¿Puedo pintar las paredes de mi habitación de azul?', location });
  expect(calls).toHaveLength(0);
  // Retrieval reads English: the message was searched by its translation.
  expect(searches).toEqual(['(in English) ¿Puedo pintar las paredes de mi habitación de azul?']);
  expect(draft).toMatchObject({ outcome: 'not-covered', language: 'es', reply: fallbackReply('es').reply, flaggedForManager: true, sources: [], confidence: 0 });
});

it('keeps the model\'s reply when every fact in it is in a cited item, and cites those items with their scores', async () => {
  const { drafter, calls, searches } = drafterWith(() => ({ intent: 'policy_question', sourceIds: ['q-trash'], reply: 'Trash goes out on Thursday, carts at the curb by 7 AM.' }), [trash, weak]);
  const draft = await drafter.draftReply({ message: 'when is trash day?', location });
  expect(searches).toEqual(['when is trash day?']);
  expect(draft).toMatchObject({ outcome: 'model-reply', reply: 'Trash goes out on Thursday, carts at the curb by 7 AM.', intent: 'policy_question', urgent: false, flaggedForManager: false, language: 'en' });
  expect(draft.sources).toEqual([{ kind: 'question', id: 'q-trash', title: 'When is trash pickup?', score: 0.71 }]);
  expect(draft.confidence).toBeCloseTo(0.71);
  // Only the relevant items reach the prompt.
  expect(calls[0]![0]!.text).toContain('[q-trash]');
  expect(calls[0]![0]!.text).not.toContain('[q-weak]');
});

it('sends the cited item\'s own answer when the model states a fact no cited item supports', async () => {
  const { drafter } = drafterWith(() => ({ intent: 'policy_question', sourceIds: ['q-trash'], reply: 'Trash is picked up on Thursday by 6 AM, and the late fee is $75.' }), [trash]);
  const draft = await drafter.draftReply({ message: 'when is trash day?', location });
  expect(draft.outcome).toBe('cited-answer');
  expect(draft.reply).toBe(trash.body);
  expect(draft.unsupported.map((claim) => claim.text)).toEqual(expect.arrayContaining(['$75']));
  expect(draft.confidence).toBeLessThan(trash.score);
});

it("sends a Spanish tenant the cited answer in Spanish, translated by the model and checked again, when the model's reply fails the check", async () => {
  const spanish = 'La basura se recoge todos los jueves. Los contenedores en la acera antes de las 7 AM.';
  const { drafter, translations } = drafterWith(() => ({ intent: 'policy_question', sourceIds: ['q-trash'], reply: 'La basura se recoge el jueves a las 6 AM.' }), [trash], undefined, () => spanish);
  const draft = await drafter.draftReply({ message: '¿Qué día pasa el camión de la basura?', location });
  expect(translations).toEqual([expect.stringContaining('into Spanish')]);
  expect(draft).toMatchObject({ outcome: 'cited-answer', language: 'es', reply: spanish, flaggedForManager: false });
  expect(draft.unsupported).toEqual([{ kind: 'time', text: '6 AM.' }]);
});

it.each([
  ['changes a value', 'La basura se recoge todos los jueves. Los contenedores en la acera antes de las 8 AM.'],
  ['loses a value', 'La basura se recoge todos los jueves. Saque los contenedores temprano.'],
  ['is not Spanish', 'Trash is picked up every Thursday. Carts at the curb by 7 AM.'],
])('sends the holding reply in Spanish, flagged, never the English answer, when the translation %s', async (_case, translation) => {
  const { drafter } = drafterWith(() => ({ intent: 'policy_question', sourceIds: ['q-trash'], reply: 'La basura se recoge el jueves a las 6 AM.' }), [trash], undefined, () => translation);
  const draft = await drafter.draftReply({ message: '¿Qué día pasa el camión de la basura?', location });
  expect(draft).toMatchObject({ outcome: 'holding-reply', language: 'es', reply: fallbackReply('es').reply, flaggedForManager: true, confidence: 0 });
  expect(draft.sources.map((source) => source.id)).toEqual(['q-trash']);
});

it("never sends a rule's instruction to the tenant: with only a rule cited and the model's reply refused, the holding reply, flagged", async () => {
  const quiet: RetrievedItem = { kind: 'rule', sourceId: 'r-quiet', title: 'A tenant complains about noise', body: 'Tell the tenant quiet hours are 10 pm to 7 am and escalate repeated complaints.', score: 0.6, semantic: 0.55, lexical: 0.1 };
  const invented = drafterWith(() => ({ intent: 'neighbor_complaint', sourceIds: ['r-quiet'], reply: 'Quiet hours are 9 pm to 7 am.' }), [quiet]);
  const draft = await invented.drafter.draftReply({ message: 'my neighbor plays loud music every night', location });
  expect(draft).toMatchObject({ outcome: 'holding-reply', reply: fallbackReply('en').reply, flaggedForManager: true });
  expect(invented.translations).toEqual([]);

  const echoed = drafterWith(() => ({ intent: 'neighbor_complaint', sourceIds: ['r-quiet'], reply: quiet.body }), [quiet]);
  expect(await echoed.drafter.draftReply({ message: 'my neighbor plays loud music every night', location })).toMatchObject({ outcome: 'holding-reply', reply: fallbackReply('en').reply });

  const followed = drafterWith(() => ({ intent: 'neighbor_complaint', sourceIds: ['r-quiet'], reply: 'Quiet hours are 10 pm to 7 am.' }), [quiet]);
  expect(await followed.drafter.draftReply({ message: 'my neighbor plays loud music every night', location })).toMatchObject({ outcome: 'model-reply', reply: 'Quiet hours are 10 pm to 7 am.' });
});

it('shows rules to the model as instructions, apart from the Q&A answers', async () => {
  const { drafter, calls } = drafterWith(() => ({ intent: 'policy_question', sourceIds: ['q-trash'], reply: 'Carts at the curb by 7 AM.' }), [gas, trash]);
  await drafter.draftReply({ message: 'what time do the carts go out?', location });
  expect(calls[0]![0]!.text).toContain('[r-gas] RULE when a tenant smells gas');
  expect(calls[0]![0]!.text).toContain('[q-trash] When is trash pickup?');
});

it('falls back, flagged, when the model cites no item (it found nothing that answers)', async () => {
  const { drafter } = drafterWith(() => ({ intent: 'general', sourceIds: [], reply: 'We will paint it next week.' }), [trash]);
  const draft = await drafter.draftReply({ message: 'can I paint the bedroom walls?', location });
  // "paint" settles the intent (a house rule: alterations), whatever the model said.
  expect(draft).toMatchObject({ outcome: 'not-covered', reply: fallbackReply('en').reply, flaggedForManager: true, intent: 'policy_question' });
});

it("takes the intent from the message's words where they settle it, from the model otherwise, and never leaves a question about the tenancy as 'other'", async () => {
  const wrongLabel = drafterWith(() => ({ intent: 'general', sourceIds: ['q-trash'], reply: 'Carts at the curb by 7 AM.' }), [trash]);
  expect(await wrongLabel.drafter.draftReply({ message: 'can I pay the rent with a credit card?', location })).toMatchObject({ intent: 'payment_question' });
  expect(await wrongLabel.drafter.draftReply({ message: 'what time do the carts go out?', location })).toMatchObject({ intent: 'general' });

  const nothing = drafterWith(() => ({ intent: 'other', sourceIds: [], reply: '' }), [weak]);
  expect(await nothing.drafter.draftReply({ message: 'the people upstairs play loud music every night', location })).toMatchObject({ outcome: 'not-covered', intent: 'neighbor_complaint' });
  expect(await nothing.drafter.draftReply({ message: 'is there a dry cleaner nearby?', location })).toMatchObject({ outcome: 'not-covered', intent: 'general' });
  expect(nothing.calls).toHaveLength(0);
});

it('refuses a reply citing an id it was not given', async () => {
  const { drafter } = drafterWith(() => ({ intent: 'general', sourceIds: ['q-somewhere-else'], reply: 'Thursday.' }), [trash]);
  await expect(drafter.draftReply({ message: 'when is trash day?', location })).rejects.toThrow(/q-trash/);
});

it('takes urgency from the rules, whatever the model says, and flags the draft', async () => {
  const { drafter, searches } = drafterWith(() => ({ intent: 'policy_question', sourceIds: ['r-gas'], reply: 'Leave the house now and call 911.' }), [gas]);
  const draft = await drafter.draftReply({ message: 'i smell gas in the kitchen', location });
  // The search also reads the knowledge base's words for the emergency the rules found.
  expect(searches).toEqual(['i smell gas in the kitchen\ngas smell']);
  expect(draft).toMatchObject({ urgent: true, intent: 'emergency', flaggedForManager: true, outcome: 'model-reply' });
  expect(draft.urgency.map((match) => match.category)).toContain('gas');

  const calm = drafterWith(() => ({ intent: 'emergency', sourceIds: ['q-trash'], reply: 'Carts at the curb by 7 AM.' }), [trash]);
  expect(await calm.drafter.draftReply({ message: 'what time do the carts go out?', location })).toMatchObject({ urgent: false, intent: 'maintenance_request', flaggedForManager: false });
});

it('shows the model only the emergency rules when the message is urgent and one is relevant', async () => {
  const storage: RetrievedItem = { kind: 'question', sourceId: 'q-storage', title: 'Can I rent a storage locker?', body: 'Storage lockers rent for $45 per month.', score: 0.6, semantic: 0.5, lexical: 0.2 };
  const { drafter, calls } = drafterWith(() => ({ intent: 'emergency', sourceIds: ['r-gas'], reply: 'Leave the house now and call 911.' }), [gas, storage]);
  await drafter.draftReply({ message: 'i smell gas in the storage room', location });
  expect(calls[0]![0]!.text).toContain('[r-gas]');
  expect(calls[0]![0]!.text).not.toContain('[q-storage]');

  const calm = drafterWith(() => ({ intent: 'amenity_question', sourceIds: ['q-storage'], reply: 'Storage lockers rent for $45 per month.' }), [gas, storage]);
  await calm.drafter.draftReply({ message: 'how much is a storage locker?', location });
  expect(calm.calls[0]![0]!.text).toContain('[q-storage]');
});

it('makes the model name the knowledge an emergency reply follows (its grammar allows no empty citation then), and only then', async () => {
  const schemas: z.ZodType[] = [];
  const recording = (answer: Record<string, unknown>): ReplyDrafter =>
    new ReplyDrafter(
      {
        status: () => ({ chat: available, embeddings: available }),
        async invokeStructured<Schema extends z.ZodType<Record<string, unknown>>>(_messages: BaseMessage[], schema: Schema): Promise<z.infer<Schema>> {
          schemas.push(schema);
          return schema.parse(answer);
        },
      },
      async () => ({ hits: [gas, trash], relevant: [gas, trash] }),
    );
  await recording({ intent: 'emergency', sourceIds: ['r-gas'], reply: 'Leave the house now and call the gas company at 555-0100, then 911.' }).draftReply({ message: 'i smell gas in the kitchen', location });
  expect(schemas[0]!.safeParse({ intent: 'emergency', sourceIds: [], reply: 'Call 911.' }).success).toBe(false);
  await recording({ intent: 'general', sourceIds: ['q-trash'], reply: 'Trash is picked up every Thursday.' }).draftReply({ message: 'when is trash pickup?', location });
  expect(schemas[1]!.safeParse({ intent: 'general', sourceIds: [], reply: 'Thanks.' }).success).toBe(true);
});

it('is urgent even when the knowledge does not cover the emergency', async () => {
  const { drafter } = drafterWith(() => ({ intent: 'general', sourceIds: [], reply: '' }), [weak]);
  expect(await drafter.draftReply({ message: 'the basement is flooding!!', location })).toMatchObject({ outcome: 'not-covered', urgent: true, intent: 'emergency', flaggedForManager: true });
});

it('computes the message\'s dates in the location\'s time zone and tells the model, which does no date arithmetic', async () => {
  const { drafter, calls } = drafterWith(() => ({ intent: 'policy_question', sourceIds: ['q-trash'], reply: 'Carts at the curb by 7 AM on Thursday.' }), [trash]);
  // 05:30 UTC on 2025-03-13 is still the 12th (a Wednesday) in Boise: "tomorrow" is Thursday the 13th.
  const draft = await drafter.draftReply({ message: 'is pickup tomorrow morning?', location, receivedAt: new Date('2025-03-13T05:30:00Z') });
  expect(draft.dates.map((date) => date.date)).toEqual(['2025-03-13']);
  expect(calls[0]!.at(-1)!.text).toContain('"tomorrow');
  expect(calls[0]!.at(-1)!.text).toMatch(/March 13, 2025/);
});

it('replies in the language of the tenant\'s earlier message when this one is too short to tell', async () => {
  const { drafter } = drafterWith(() => ({ intent: 'general', sourceIds: [], reply: '' }), [weak]);
  const draft = await drafter.draftReply({ message: 'ok gracias', location, thread: [{ from: 'tenant', text: 'Hola, ¿cuándo pasa el camión de la basura?' }] });
  expect(draft.language).toBe('es');
});

it('says drafts are unavailable, with the runtime\'s reason, when a model is missing or fails to load', async () => {
  const missing: AiStatus = { available: false, provider: 'local', reason: 'model-missing', message: 'The local AI model is not installed: drafts are unavailable.' };
  const { drafter, calls } = drafterWith(() => ({ intent: 'general', sourceIds: ['q-trash'], reply: 'Thursday.' }), [trash], { chat: missing, embeddings: available });
  await expect(drafter.draftReply({ message: 'when is trash day?', location })).rejects.toThrow(new DraftsUnavailableError(missing.message));
  expect(calls).toHaveLength(0);

  const failing: DraftingModel = {
    status: () => ({ chat: available, embeddings: available }),
    invokeStructured: () => Promise.reject(new AiUnavailableError({ ...missing, reason: 'load-failure', message: 'The local AI model failed to load: drafts are unavailable.' })),
  };
  const draft = new ReplyDrafter(failing, async () => ({ hits: [trash], relevant: [trash] })).draftReply({ message: 'when is trash day?', location });
  await expect(draft).rejects.toThrow(DraftsUnavailableError);
  await expect(draft).rejects.toThrow('The local AI model failed to load: drafts are unavailable.');
});
