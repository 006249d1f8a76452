import { z } from 'zod';
import { defineEvent, defineRpc } from './define.js';
import { envelopeSchemaOf } from './envelope.js';
import { eventRegistry, rpcRegistry } from './registry.js';
import { allStreams, deadLetterSubjectOf, streamCapturing, subjectMatches } from './streams.js';

describe('event registry', () => {
  it('has unique subjects across events and requests', () => {
    const subjects = [...eventRegistry, ...rpcRegistry].map((c) => c.subject);
    expect(new Set(subjects).size).toBe(subjects.length);
  });

  it.each(eventRegistry.map((c) => [c.subject, c] as const))('%s is captured by exactly its context stream', (_s, contract) => {
    const capturing = allStreams.filter((s) => s.subjects.some((f) => subjectMatches(f, contract.subject)));
    expect(capturing.map((s) => s.name)).toEqual([`PM_${contract.context.toUpperCase()}`]);
  });

  it.each(eventRegistry.map((c) => [c.subject, c] as const))('%s dead-letters into the dead-letter stream only', (_s, contract) => {
    expect(streamCapturing(deadLetterSubjectOf(contract.subject))?.name).toBe('PM_DEAD_LETTER');
  });

  it.each(eventRegistry.map((c) => [c.subject, c] as const))('%s has a fixture that parses', (_s, contract) => {
    expect(contract.data.safeParse(contract.fixture).success).toBe(true);
  });

  it('every request contract has request and response fixtures that parse', () => {
    const failing = rpcRegistry.filter(
      (c) => !c.request.safeParse(c.fixture.request).success || !c.response.safeParse(c.fixture.response).success,
    );
    expect(failing.map((c) => c.subject)).toEqual([]);
  });

  it('request subjects are captured by no stream (request/reply is core NATS, never persisted)', () => {
    for (const contract of rpcRegistry) expect(streamCapturing(contract.subject)).toBeUndefined();
    expect(streamCapturing('pm.rpc.identity.user.get.v1')).toBeUndefined();
  });
});

describe('defineEvent', () => {
  it('derives context, type and version from the subject', () => {
    const e = defineEvent({ subject: 'pm.leasing.lease.signed.v2', data: z.object({ id: z.string() }), fixture: { id: 'x' } });
    expect([e.context, e.type, e.version]).toEqual(['leasing', 'leasing.lease.signed', 2]);
  });

  it.each(['pm.leasing.lease.signed', 'pm.unknown.lease.signed.v1', 'leasing.lease.signed.v1', 'pm.leasing.Lease.signed.v1'])(
    'rejects the malformed subject %s',
    (subject) => {
      expect(() => defineEvent({ subject, data: z.object({}), fixture: {} })).toThrow(/Subject/);
    },
  );

  it('rejects request subjects outside pm.rpc.<context>', () => {
    expect(() =>
      defineRpc({ subject: 'pm.identity.user.get.v1', request: z.object({}), response: z.object({}), fixture: { request: {}, response: {} } }),
    ).toThrow(/Subject/);
  });

  it('parses a whole envelope and refuses one whose data does not match', () => {
    const [contract] = eventRegistry;
    const schema = envelopeSchemaOf(contract!);
    const envelope = {
      id: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
      type: contract!.type,
      version: contract!.version,
      occurredAt: '2026-11-21T10:00:00.000Z',
      correlationId: 'c-1',
      causationId: null,
      actor: { kind: 'system', name: 'test' },
      data: contract!.fixture,
    };
    expect(schema.safeParse(envelope).success).toBe(true);
    expect(schema.safeParse({ ...envelope, data: {} }).success).toBe(false);
    expect(schema.safeParse({ ...envelope, id: 'not-a-uuid' }).success).toBe(false);
  });
});

describe('subjectMatches', () => {
  it.each([
    ['pm.a.>', 'pm.a.b.c', true],
    ['pm.a.>', 'pm.a', false],
    ['pm.*.b', 'pm.x.b', true],
    ['pm.*.b', 'pm.x.c', false],
    ['pm.a.b', 'pm.a.b', true],
    ['pm.a.b', 'pm.a.b.c', false],
  ])('%s vs %s → %s', (filter, subject, expected) => {
    expect(subjectMatches(filter, subject)).toBe(expected);
  });
});
