import { z } from 'zod';
import {
  ChatReplyProgressed,
  ManagerChatAnswered,
  ManagerChatAnswerFailed,
  ManagerChatAnswerProgressed,
  ManagerChatAnswerStream,
  ManagerChatStreamMessageSchema,
  StartManagerChatAnswer,
  TerriChatStream,
  type ManagerChatStreamMessage,
} from './assistant/index.js';
import { assertDistinctStreamPaths, defineStream, projectStreamEvent, streamSource, streamStart } from './define-stream.js';
import { UserRegistered } from './identity/index.js';
import { BuildingCreated, PropertyLocationCreated, TenantCreated } from './portfolio/index.js';

const ChangeSchema = z.object({ kind: z.enum(['building', 'tenant']), id: z.string(), locationId: z.string() });

const changes = () =>
  defineStream({
    path: 'portfolio/change-stream',
    eventName: 'change',
    data: ChangeSchema,
    description: 'test',
    sources: [
      streamSource(BuildingCreated, {
        locationOf: (e) => e.data.locationId,
        project: (e) => ({ kind: 'building' as const, id: e.data.buildingId, locationId: e.data.locationId }),
      }),
      streamSource(TenantCreated, {
        locationOf: (e) => e.data.locationId,
        project: (e) => ({ kind: 'tenant' as const, id: e.data.tenantId, locationId: e.data.locationId }),
      }),
    ],
    fixture: { kind: 'tenant', id: 't-1', locationId: 'l-1' },
  });

const envelopeOf = (type: string, data: unknown) => ({
  id: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
  type,
  version: 1,
  occurredAt: '2026-11-21T10:00:00.000Z',
  correlationId: 'c-1',
  causationId: null,
  actor: { kind: 'system', name: 'test' },
  data,
});

describe('defineStream', () => {
  it('reads its events from their context stream, whose sequence is the resume point', () => {
    const stream = changes();
    expect([stream.context, stream.jetStream]).toEqual(['portfolio', 'PM_PORTFOLIO']);
    expect(stream.subjects).toEqual([BuildingCreated.subject, TenantCreated.subject]);
  });

  it('refuses sources of two contexts, since ids of two JetStream streams cannot be compared', () => {
    expect(() =>
      defineStream({
        path: 'mixed-stream',
        eventName: 'x',
        data: z.object({}),
        description: 'test',
        sources: [
          streamSource(PropertyLocationCreated, { locationOf: (e) => e.data.locationId, project: () => ({}) }),
          streamSource(UserRegistered, { locationOf: () => 'none', project: () => ({}) }),
        ],
        fixture: {},
      }),
    ).toThrow(/mixes contexts/);
  });

  it.each([
    [{ path: '/msg/notify-stream' }, /path/],
    [{ path: 'document/:id/status' }, /path/],
    [{ eventName: 'two\nlines' }, /event name/],
    [{ sources: [] }, /reads no event/],
    [{ fixture: { kind: 'lease' } }, /fixture/],
  ])('refuses %o', (override, message) => {
    const stream = changes();
    expect(() => defineStream({ ...stream, ...override } as never)).toThrow(message);
  });

  it('refuses a source that names no audience or both', () => {
    expect(() => streamSource(TenantCreated, { project: () => ({}) } as never)).toThrow(/exactly one audience/);
    expect(() =>
      streamSource(TenantCreated, { locationOf: () => 'l', userOf: () => 'u', project: () => ({}) } as never),
    ).toThrow(/exactly one audience/);
  });

  it('refuses two streams on one path', () => {
    expect(() => assertDistinctStreamPaths([changes(), changes()])).toThrow(/share the path/);
    expect(() => assertDistinctStreamPaths([changes()])).not.toThrow();
  });
});

describe('projectStreamEvent', () => {
  it("maps a source event's envelope to the stream's payload and the event's location", () => {
    const data = { ...TenantCreated.fixture };
    expect(projectStreamEvent(changes(), TenantCreated.subject, envelopeOf(TenantCreated.type, data))).toEqual({
      ok: true,
      audience: { locationId: data.locationId },
      data: { kind: 'tenant', id: data.tenantId, locationId: data.locationId },
    });
  });

  it('names the one user an event is addressed to, for a source that maps by user', () => {
    const addressed = defineStream({
      path: 'user/welcome-stream',
      eventName: 'welcome',
      data: z.object({ email: z.string() }),
      description: 'test',
      sources: [streamSource(UserRegistered, { userOf: (e) => e.data.userId, project: (e) => ({ email: e.data.email }) })],
      fixture: { email: 'a@example.com' },
    });
    const data = { ...UserRegistered.fixture };
    expect(projectStreamEvent(addressed, UserRegistered.subject, envelopeOf(UserRegistered.type, data))).toEqual({
      ok: true,
      audience: { userId: data.userId },
      data: { email: data.email },
    });
  });

  it('refuses an envelope that fails its event schema, and a subject the stream does not read', () => {
    const stream = changes();
    expect(projectStreamEvent(stream, TenantCreated.subject, envelopeOf(TenantCreated.type, { tenantId: 't' }))).toMatchObject({ ok: false });
    expect(projectStreamEvent(stream, TenantCreated.subject, envelopeOf(BuildingCreated.type, BuildingCreated.fixture))).toMatchObject({
      ok: false,
    });
    expect(projectStreamEvent(stream, PropertyLocationCreated.subject, envelopeOf(PropertyLocationCreated.type, PropertyLocationCreated.fixture))).toEqual({
      ok: false,
      reason: `${PropertyLocationCreated.subject} is not read by portfolio/change-stream`,
    });
  });
});

describe('a stream that answers one request (start)', () => {
  it("carries the manager chat's answer: its words so far, then the stored exchange or the failure, each keyed by the question's id", () => {
    const { start } = ManagerChatAnswerStream;
    expect(start?.rpc).toBe(StartManagerChatAnswer);
    const messageId = ManagerChatAnswerProgressed.fixture.messageId;
    const projected = [ManagerChatAnswerProgressed, ManagerChatAnswered, ManagerChatAnswerFailed].map((event) => {
      const result = projectStreamEvent(ManagerChatAnswerStream, event.subject, envelopeOf(event.type, event.fixture));
      if (!result.ok) throw new Error(result.reason);
      expect(result.audience).toEqual({ userId: event.fixture.userId });
      return result.data as ManagerChatStreamMessage;
    });
    expect(projected.map((message) => [message.type, start!.keyOf(message), start!.ends(message), message.error])).toEqual([
      ['partial', messageId, false, null],
      ['completed', messageId, true, null],
      ['error', messageId, true, 'Failed to generate AI response'],
    ]);
    expect(ManagerChatStreamMessageSchema.parse(start!.timedOut('m-1'))).toEqual({ type: 'error', message_id: 'm-1', session_id: null, error: 'Failed to generate AI response' });
  });

  it("carries Terri's reply while it is written as a partial copy of the message it will be stored as", () => {
    const result = projectStreamEvent(TerriChatStream, ChatReplyProgressed.subject, envelopeOf(ChatReplyProgressed.type, ChatReplyProgressed.fixture));
    expect(result).toMatchObject({ ok: true, data: { id: ChatReplyProgressed.fixture.messageId, role: 'admin', text: ChatReplyProgressed.fixture.text, partial: true, sources: [], outcome: null } });
  });

  it('refuses a start whose timed-out message does not parse', () => {
    expect(() =>
      defineStream({
        ...changes(),
        path: 'portfolio/change-answer',
        sources: [...changes().sources],
        start: streamStart(ChangeSchema, { rpc: StartManagerChatAnswer, key: 'message_id', keyOf: (data) => data.id, ends: () => true, resumed: () => false, timeoutMs: 1_000, timedOut: () => ({ kind: 'nothing' }) as never }),
      }),
    ).toThrow('ends a timed-out request with a message that does not parse');
  });
});
