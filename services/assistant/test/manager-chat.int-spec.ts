import type { BaseMessage } from '@langchain/core/messages';
import { jest } from '@jest/globals';
import { jetstreamManager } from '@nats-io/jetstream';
import { AiRuntime, DeterministicTestChatModel, readAiConfig, type AiStatus, type StreamedCallOptions, type StreamedStructured } from '@pm/ai';
import {
  CommunicateWithAssistant,
  CreateBuilding,
  CreatePropertyLocation,
  CreateQuestion,
  CreateTenant,
  CreateUnit,
  DeleteChatSession,
  envelopeSchemaOf,
  GetChatSession,
  ListChatSessions,
  DocumentTextExtracted,
  ListVaultDocuments,
  ManagerChatAnswered,
  ManagerChatAnswerFailed,
  ManagerChatAnswerProgressed,
  RegisterUploadedDocument,
  StartManagerChatAnswer,
  VAULT_FILE_PREFIX,
  type EventOf,
  type ResponseOf,
} from '@pm/contracts';
import { Readable } from 'node:stream';
import { FileStore, fileStoreOptionsFromEnv } from '@pm/files';
import { buildEnvelope, EventPublisher, RpcFailure } from '@pm/messaging';
import { testEnv, waitFor } from '@pm/testing';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { NO_DOCUMENTS_ANSWER } from '../src/manager-chat/manager-chat.js';
import { startManagerChatStack, type ManagerChatStack, type TestManager } from './support/manager-chat-stack.js';

jest.setTimeout(180_000);

/*
 * The manager's AI chat through its calls, against a real portfolio (its own process) and the assistant on the test
 * stack's PostgreSQL and NATS. The AI is not what these tests test: the chat model is the deterministic test model,
 * which cites the fact the test names and answers with that fact's own text (the ranking still runs on the real
 * MiniLM). The real local model's answer is test/manager-chat-real-model.int-spec.ts.
 */

/** The facts the model was given, as the answerer's prompt lists them: `[number] title: text`. */
function factsIn(messages: BaseMessage[]): { alias: string; title: string; text: string }[] {
  return messages[0]!.text
    .split('\n')
    .map((line) => /^\[([^\]]+)\] (.*?): (.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ alias: match[1]!, title: match[2]!, text: match[3]! }));
}

/** A real runtime (MiniLM embeddings) whose chat model is the deterministic test model. */
class DeterministicChatRuntime extends AiRuntime {
  readonly prompts: BaseMessage[][] = [];
  /** Which of the facts it is given the "model" cites (by the title the prompt shows). */
  cite: (title: string) => boolean = (title) => title.endsWith(' units');
  private readonly deterministic = new DeterministicTestChatModel((_question, messages) => {
    const facts = factsIn(messages);
    const chosen = facts.find((fact) => this.cite(fact.title)) ?? facts[0];
    // Not a chat prompt (the document reader's questions): an answer the reader cannot use, so it falls back.
    if (!chosen) return '{}';
    return JSON.stringify({ sourceIds: [chosen.alias], answer: chosen.text });
  });

  override status(): { chat: AiStatus; embeddings: AiStatus } {
    return { chat: { available: true, provider: 'deterministic-test' }, embeddings: super.status().embeddings };
  }

  override async invokeStructured<Schema extends z.ZodType<Record<string, unknown>>>(messages: BaseMessage[], schema: Schema): Promise<z.infer<Schema>> {
    this.prompts.push(messages);
    return schema.parse(JSON.parse((await this.deterministic.invoke(messages)).text));
  }

  /** While set, the "model" waits for it before answering (an answer still being written). */
  hold: Promise<void> | undefined;

  override async streamStructured<Schema extends z.ZodType<Record<string, unknown>>>(messages: BaseMessage[], schema: Schema, options: StreamedCallOptions = {}): Promise<StreamedStructured<z.infer<Schema>>> {
    await this.hold;
    this.hold = undefined;
    const value = await this.invokeStructured(messages, schema);
    const text = JSON.stringify(value);
    options.onText?.(text);
    return { text, end: 'complete', value };
  }
}

let runtime: DeterministicChatRuntime;
let stack: ManagerChatStack;
let ann: TestManager;
let ben: TestManager;
let mapleCourt: ResponseOf<typeof CreatePropertyLocation>;

async function failure(promise: Promise<unknown>): Promise<RpcFailure> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(RpcFailure);
  return error as RpcFailure;
}

beforeAll(async () => {
  runtime = new DeterministicChatRuntime(readAiConfig());
  stack = await startManagerChatStack({ aiRuntime: () => runtime, vault: true });
  [ann, ben] = await Promise.all([stack.manager(), stack.manager()]);
  mapleCourt = await stack.call(CreatePropertyLocation, { name: 'Maple Court', address_text: '12 Elm St, Boise, ID 83702', type: 'MULTI_UNIT', declared_units_count: 3, is_rental_property: true }, ann);
  const building = await stack.call(CreateBuilding, { name: 'North', property_location_id: mapleCourt.id, address_text: '12 Elm St, Boise, ID 83702' }, ann);
  const units = [];
  for (const name of ['1A', '1B', '2A']) units.push(await stack.call(CreateUnit, { name, building_id: building.id }, ann));
  await stack.call(CreateTenant, { full_name: 'Jordan Lee', contacts: [{ type: 'email', value: 'jordan@example.com' }], unit_id: units[0]!.id }, ann);
  const question = await stack.call(CreateQuestion, { location_id: mapleCourt.id, question: 'When is trash collected?', answer: 'Every Tuesday morning; bins out by 7 am.' }, ann);
  // The knowledge copy follows portfolio's events.
  await waitFor(async () => (await stack.db.query(`select 1 from "${stack.assistant.schema}"."knowledge_item" where source_id = $1`, [question.id])).rowCount, {
    timeout: 30_000,
    description: "the Q&A item in the assistant's copy",
  });
  await stack.call(CreatePropertyLocation, { name: 'Cedar House', address_text: '9 Oak Ave, Portland, OR 97201', type: 'MULTI_UNIT', declared_units_count: 2, is_rental_property: true }, ben);
});

afterAll(async () => {
  await stack?.close();
});

describe('the General tab', () => {
  let first: ResponseOf<typeof CommunicateWithAssistant>;

  it("answers from the caller's portfolio through portfolio's calls, with counts computed in code and the source it rests on", async () => {
    runtime.cite = (title) => title.endsWith(' units');
    first = await stack.call(CommunicateWithAssistant, { message: 'How many units at Maple Court are vacant?', chat_type: 'general' }, ann);
    const given = factsIn(runtime.prompts.at(-1)!);
    // Counted by code from portfolio's units: 3 units, one with an active tenant.
    const units = given.find((fact) => fact.title === 'Maple Court units');
    expect(units?.text).toBe('Maple Court has 3 units, 1 of them let (with an active tenant) and 2 vacant. The vacant units are 1B in North and 2A in North.');
    expect(first).toMatchObject({
      outcome: 'answered',
      message: units!.text,
      sources: [{ id: `units:${mapleCourt.id}`, kind: 'units', title: 'Maple Court units', link: `/property-manager/property-locations/${mapleCourt.id}/buildings` }],
      question: { sender: 'user', content: 'How many units at Maple Court are vacant?', status: 'sent', type: 'general', outcome: null },
      reply: { sender: 'system', content: units!.text, status: 'answered', type: 'general', outcome: 'answered' },
    });
    // Ben's location is not among the facts: portfolio answered with Ann's token.
    expect(given.some((fact) => fact.text.includes('Cedar House'))).toBe(false);
  });

  it("answers from the assistant's knowledge copy of the location's Q&A items", async () => {
    runtime.cite = (title) => title === 'When is trash collected?';
    const answer = await stack.call(CommunicateWithAssistant, { message: 'When is trash collected?', session_id: first.session_id, location_id: mapleCourt.id }, ann);
    expect(answer.session_id).toBe(first.session_id);
    expect(answer.sources).toHaveLength(1);
    expect(answer.sources[0]).toMatchObject({ kind: 'knowledge', title: 'When is trash collected?', link: `/property-manager/property-locations/${mapleCourt.id}/question-answers` });
    expect(answer.message).toContain('Every Tuesday morning; bins out by 7 am.');
    // The earlier turns reach the model for follow-ups.
    expect(runtime.prompts.at(-1)![1]!.text).toContain('Question: How many units at Maple Court are vacant?');
  });

  it('keeps the session: its messages in order, listed as the caller\'s, titled by the first question', async () => {
    const { session, messages } = await stack.call(GetChatSession, { id: first.session_id }, ann);
    expect(session).toMatchObject({ id: first.session_id, title: 'How many units at Maple Court are vacant?', chat_type: 'general', location_id: mapleCourt.id, messages_count: 4 });
    expect(messages.map((m) => [m.sender, m.content.slice(0, 20)])).toEqual([
      ['user', 'How many units at Ma'],
      ['system', 'Maple Court has 3 un'],
      ['user', 'When is trash collec'],
      ['system', expect.any(String)],
    ]);
    const list = await stack.call(ListChatSessions, { chat_type: 'general' }, ann);
    expect(list.items.map((s) => s.id)).toEqual([first.session_id]);
  });

  it('publishes each exchange addressed to the caller (the stream of their other tabs)', async () => {
    const jsm = await jetstreamManager(stack.nc);
    const stored = await waitFor(
      async () => {
        const message = await jsm.streams.getMessage('PM_ASSISTANT', { last_by_subj: ManagerChatAnswered.subject }).catch(() => null);
        const event = message ? (envelopeSchemaOf(ManagerChatAnswered).parse(message.json()) as EventOf<typeof ManagerChatAnswered>) : undefined;
        return event?.data.reply.id === undefined ? undefined : event;
      },
      { timeout: 15_000, description: 'the answered event in PM_ASSISTANT' },
    );
    expect(stored.data).toMatchObject({ userId: ann.userId, sessionId: first.session_id, question: { sender: 'user' }, reply: { sender: 'system' } });
  });

  it('refuses a location the caller does not reach with the location\'s 404, as portfolio answers it', async () => {
    const refused = await failure(stack.call(CommunicateWithAssistant, { message: 'How many units here?', location_id: mapleCourt.id }, ben));
    expect([refused.status, refused.message]).toEqual([404, 'Property location not found']);
  });
});

describe('isolation between accounts', () => {
  it("never shows, continues or deletes another user's session", async () => {
    const { session_id } = await stack.call(CommunicateWithAssistant, { message: 'Who are my tenants?' }, ann);
    expect((await stack.call(ListChatSessions, {}, ben)).items.map((s) => s.id)).not.toContain(session_id);
    for (const attempt of [
      stack.call(GetChatSession, { id: session_id }, ben),
      stack.call(DeleteChatSession, { id: session_id }, ben),
      stack.call(CommunicateWithAssistant, { message: 'And their phones?', session_id }, ben),
    ]) {
      const refused = await failure(attempt);
      expect([refused.status, refused.message]).toEqual([404, 'Chat session not found']);
    }
    expect((await stack.call(GetChatSession, { id: session_id }, ann)).messages).toHaveLength(2);
  });

  it("answers Ben from Ben's portfolio only", async () => {
    runtime.cite = (title) => title.startsWith('Your propert');
    const answer = await stack.call(CommunicateWithAssistant, { message: 'Which properties do I have?' }, ben);
    expect(answer.message).toBe('You have 1 property (property location): Cedar House (9 Oak Ave, Portland, OR 97201).');
    expect(factsIn(runtime.prompts.at(-1)!).some((fact) => fact.text.includes('Maple Court'))).toBe(false);
  });
});

describe('the answer the stream carries (StartManagerChatAnswer)', () => {
  /** The last event of `contract` about the question `messageId`, as JetStream keeps it. */
  async function lastEventAbout<C extends typeof ManagerChatAnswered | typeof ManagerChatAnswerProgressed | typeof ManagerChatAnswerFailed>(contract: C, messageId: string): Promise<EventOf<C>> {
    const jsm = await jetstreamManager(stack.nc);
    return waitFor(
      async () => {
        const message = await jsm.streams.getMessage('PM_ASSISTANT', { last_by_subj: contract.subject }).catch(() => null);
        const event = message ? (envelopeSchemaOf(contract).parse(message.json()) as EventOf<C>) : undefined;
        const about = event && ('messageId' in event.data ? event.data.messageId : (event.data as { question: { id: string } }).question.id);
        return about === messageId ? event : undefined;
      },
      { timeout: 15_000, description: `${contract.subject} about ${messageId}` },
    );
  }

  it("checks and gathers within the call, then answers in the background: the words so far, then the exchange stored under the caller's message id", async () => {
    runtime.cite = (title) => title.endsWith(' units');
    const messageId = uuidv7();
    const started = await stack.call(StartManagerChatAnswer, { message: 'How many units at Maple Court are vacant?', location_id: mapleCourt.id, message_id: messageId }, ann);
    expect(started).toMatchObject({ message_id: messageId, resumed: false });
    const progressed = await lastEventAbout(ManagerChatAnswerProgressed, messageId);
    expect(progressed.data).toMatchObject({ userId: ann.userId, sessionId: started.session_id });
    const answered = await lastEventAbout(ManagerChatAnswered, messageId);
    // The words so far are the answer's first words, whole.
    expect(progressed.data.text.length).toBeGreaterThan(0);
    expect(answered.data.reply.content.startsWith(`${progressed.data.text} `)).toBe(true);
    expect(answered.data).toMatchObject({ userId: ann.userId, sessionId: started.session_id, question: { id: messageId, content: 'How many units at Maple Court are vacant?' }, reply: { outcome: 'answered' } });
    const { messages } = await stack.call(GetChatSession, { id: started.session_id }, ann);
    expect(messages.map((message) => message.id)).toEqual([messageId, answered.data.reply.id]);

    // The same id again starts nothing: it is the answer already made, to resume; someone else's id is refused.
    expect(await stack.call(StartManagerChatAnswer, { message: 'How many units at Maple Court are vacant?', message_id: messageId }, ann)).toEqual({ message_id: messageId, session_id: started.session_id, resumed: true });
    const taken = await failure(stack.call(StartManagerChatAnswer, { message: 'Mine now?', message_id: messageId }, ben));
    expect([taken.status, taken.message]).toEqual([409, 'This message_id names another message']);
  });

  it('refuses before answering what POST simulation/communicate refuses: a location out of reach, a malformed id', async () => {
    const outOfReach = await failure(stack.call(StartManagerChatAnswer, { message: 'How many units here?', location_id: mapleCourt.id, message_id: uuidv7() }, ben));
    expect([outOfReach.status, outOfReach.message]).toEqual([404, 'Property location not found']);
    const malformed = await failure(stack.call(StartManagerChatAnswer, { message: 'How many units here?', message_id: 'not-a-uuid' }, ann));
    expect([malformed.status, malformed.message]).toEqual([400, 'message_id must be a UUID']);
  });

  it('fails the answer, with the reason, when its session is deleted while it is being written', async () => {
    const { session_id } = await stack.call(CommunicateWithAssistant, { message: 'How many units at Maple Court?', location_id: mapleCourt.id }, ann);
    const messageId = uuidv7();
    let release!: () => void;
    runtime.hold = new Promise<void>((resolve) => (release = resolve));
    await stack.call(StartManagerChatAnswer, { message: 'And how many are let?', session_id, message_id: messageId }, ann);
    await stack.call(DeleteChatSession, { id: session_id }, ann);
    release();
    const failed = await lastEventAbout(ManagerChatAnswerFailed, messageId);
    expect(failed.data).toEqual({ userId: ann.userId, messageId, sessionId: session_id, error: 'Chat session not found' });
  });
});

describe('the Documents tab', () => {
  let leaseId: string;
  const page2 = 'Pets are allowed with written consent of the Landlord and a pet deposit of $300.00. Parking space 14 is assigned to the Tenant.';

  beforeAll(async () => {
    // A document of Maple Court, filed in the vault as the upload stream files it, and read as the vault announces it.
    const store = new FileStore(fileStoreOptionsFromEnv({ ...testEnv(), MINIO_USE_SSL: false }));
    const bytes = Buffer.from(`%PDF-1.4\n% lease ${Date.now()}\n%%EOF\n`);
    const stored = await store.put(Readable.from([bytes]), { prefix: VAULT_FILE_PREFIX, maxBytes: 1_000_000, accept: ['application/pdf'] });
    await waitFor(async () => (await stack.call(ListVaultDocuments, { property_location_id: mapleCourt.id }, ann).then(() => true, () => undefined)), { timeout: 30_000, description: 'the vault knows Maple Court' });
    const filed = await stack.call(
      RegisterUploadedDocument,
      { file: { key: stored.key, file_name: 'Lease 1A.pdf', content_type: 'application/pdf', size: stored.size, sha256: stored.sha256 }, location_ids: [mapleCourt.id] },
      ann,
    );
    leaseId = filed.documents[0]!.document.id;
    const publisher = new EventPublisher(stack.nc);
    const event = buildEnvelope(DocumentTextExtracted, {
      documentId: leaseId,
      attempt: 1,
      locationId: mapleCourt.id,
      accountId: ann.userId,
      fileName: 'Lease 1A.pdf',
      pages: [
        { page: 1, text: 'RESIDENTIAL LEASE AGREEMENT. This lease is made between Maple Court LLC as Landlord and Jordan Lee as Tenant for Unit 1A.' },
        { page: 2, text: page2 },
      ],
      truncated: false,
      chosenCategoryId: null,
      suggestedCategoryId: 2,
      facts: [],
    });
    await publisher.publishEnvelope(DocumentTextExtracted.subject, event);
    await waitFor(async () => (await stack.db.query(`select 1 from "${stack.assistant.schema}"."document_text_page" where document_id = $1`, [leaseId])).rowCount, {
      timeout: 30_000,
      description: "the lease in the assistant's copy",
    });
  });

  it('answers from the document asked about, citing the page it quotes, in a session of its own', async () => {
    runtime.cite = (title) => title === 'Lease 1A.pdf, page 2';
    const answer = await stack.call(CommunicateWithAssistant, { message: 'What does the lease say about pets?', chat_type: 'documents', document_id: leaseId }, ann);
    expect(answer).toMatchObject({ outcome: 'answered', message: page2 });
    expect(answer.sources).toEqual([{ id: `document:${leaseId}:2:1`, kind: 'document', title: 'Lease 1A.pdf, page 2', link: `/property-manager/documents/${leaseId}?page=2` }]);
    const refused = await failure(stack.call(CommunicateWithAssistant, { message: 'And parking?', chat_type: 'general', session_id: answer.session_id }, ann));
    expect([refused.status, refused.message]).toEqual([400, 'This chat session belongs to the other tab']);
    expect((await stack.call(ListChatSessions, { chat_type: 'documents' }, ann)).items.map((s) => s.id)).toEqual([answer.session_id]);
  });

  it("answers another account's document, and an unknown one, exactly as the vault does: not found", async () => {
    for (const [who, id] of [[ben, leaseId], [ann, '01937c40-0a1b-7c2d-8e3f-4a5b6c7d8e99']] as const) {
      const refused = await failure(stack.call(CommunicateWithAssistant, { message: 'What does it say about pets?', chat_type: 'documents', document_id: id }, who));
      expect([refused.status, refused.message]).toEqual([404, 'Document not found']);
    }
  });

  it('says plainly that nothing has been read yet, without calling the model, when the location has no processed document', async () => {
    const prompts = runtime.prompts.length;
    const answer = await stack.call(CommunicateWithAssistant, { message: 'Which leases end this year?', chat_type: 'documents' }, ben);
    expect(answer).toMatchObject({ outcome: 'no-documents', message: NO_DOCUMENTS_ANSWER, sources: [] });
    expect(runtime.prompts.length).toBe(prompts);
  });
});

describe('sessions', () => {
  it('pages the list most recent first and deletes a session with its messages', async () => {
    const carl = await stack.manager();
    const ids: string[] = [];
    for (const message of ['first', 'second', 'third']) ids.push((await stack.call(CommunicateWithAssistant, { message, chat_type: 'documents' }, carl)).session_id);
    const page1 = await stack.call(ListChatSessions, { limit: 2 }, carl);
    expect(page1.items.map((s) => s.id)).toEqual([ids[2], ids[1]]);
    expect(page1.total).toBe(3);
    const page2 = await stack.call(ListChatSessions, { limit: 2, cursor: page1.next_cursor! }, carl);
    expect([page2.items.map((s) => s.id), page2.next_cursor]).toEqual([[ids[0]], null]);
    expect(await stack.call(DeleteChatSession, { id: ids[1]! }, carl)).toEqual({ deleted: true });
    expect((await failure(stack.call(GetChatSession, { id: ids[1]! }, carl))).status).toBe(404);
    expect((await stack.db.query(`select 1 from "${stack.assistant.schema}"."manager_chat_message" where session_id = $1`, [ids[1]])).rowCount).toBe(0);
    expect((await failure(stack.call(ListChatSessions, { cursor: 'bm90LW91cnM' }, carl))).message).toBe('Invalid cursor');
  });
});

describe('retries', () => {
  it('answers a retry with the same Idempotency-Key with the first answer, storing the exchange once', async () => {
    const send = () => stack.assistant.client.request(CommunicateWithAssistant, { message: 'Is this stored once?', chat_type: 'documents' }, { authorization: ann.authorization, idempotencyKey: 'chat-retry-1' });
    const first = await send();
    const again = await send();
    expect(again).toEqual(first);
    expect((await stack.db.query(`select 1 from "${stack.assistant.schema}"."manager_chat_message" where session_id = $1`, [first.session_id])).rowCount).toBe(2);
  });
});

describe('bad input', () => {
  it.each([
    [{ message: '' }, 'Message is required'],
    [{ message: '   \n ' }, 'Message is required'],
    [{ message: 'x'.repeat(2001) }, 'Message must be at most 2000 characters'],
    [{ message: 'hello\u0007' }, 'Message contains characters that are not allowed'],
    [{ message: 'hi', property_id: 'a', location_id: 'b' }, 'property_id and location_id name different property locations'],
    [{ message: 'hi', chat_type: 'secret' }, 'Chat type must be general or documents'],
  ])('answers 400 with a clear message for %j', async (request, message) => {
    const refused = await failure(stack.call(CommunicateWithAssistant, request as never, ann));
    expect([refused.status, refused.message]).toEqual([400, message]);
  });

  it('keeps a message of several lines as typed (Shift+Enter)', async () => {
    const answer = await stack.call(CommunicateWithAssistant, { message: 'line one\nline two', chat_type: 'documents' }, ann);
    expect(answer.question.content).toBe('line one\nline two');
  });
});
