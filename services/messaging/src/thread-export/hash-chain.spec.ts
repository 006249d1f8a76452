import { createHash } from 'node:crypto';
import { THREAD_EXPORT_GENESIS_HASH } from '@pm/contracts';
import { canonicalJson, chain, verifyChain, type UnchainedEntry } from './hash-chain.js';

const message = (seq: number, body: string): UnchainedEntry => ({
  kind: 'message',
  seq,
  message_id: `m-${seq}`,
  at: `2026-11-24T10:0${seq}:00.000Z`,
  channel: 'sms',
  direction: 'inbound',
  role: 'tenant',
  sender: { name: 'Maria Lopez', address: '+15551234567' },
  to: '+14155550123',
  subject: null,
  body,
  attachments: [],
  draft_versions: [],
  audit: [],
  deliveries: [],
});

describe('the thread export hash chain', () => {
  it('writes canonical JSON: keys sorted at every level, no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [true, null, 'x'], c: 'é' } })).toBe('{"a":{"c":"é","d":[true,null,"x"]},"b":1}');
  });

  it('chains from the genesis hash exactly as the export documents it', () => {
    const { entries, finalHash } = chain([message(1, 'Is the pool open?'), message(2, 'Thanks!')]);
    const { previous_hash: _p, hash: _h, ...first } = entries[0]!;
    expect(entries[0]!.previous_hash).toBe(THREAD_EXPORT_GENESIS_HASH);
    expect(entries[0]!.hash).toBe(createHash('sha256').update(THREAD_EXPORT_GENESIS_HASH + canonicalJson(first)).digest('hex'));
    expect(entries[1]!.previous_hash).toBe(entries[0]!.hash);
    expect(finalHash).toBe(entries[1]!.hash);
    expect(verifyChain(entries, finalHash)).toEqual({ valid: true });
    expect(chain([]).finalHash).toBe(THREAD_EXPORT_GENESIS_HASH);
  });

  it('finds the first entry that was changed, removed or reordered, and a wrong final hash', () => {
    const { entries, finalHash } = chain([message(1, 'one'), message(2, 'two'), message(3, 'three')]);
    const changed = entries.map((entry, index) => (index === 1 ? { ...entry, body: 'two (edited)' } : entry));
    expect(verifyChain(changed, finalHash)).toEqual({ valid: false, brokenAt: 1 });
    expect(verifyChain([entries[0]!, entries[2]!], finalHash)).toEqual({ valid: false, brokenAt: 1 });
    expect(verifyChain([entries[1]!, entries[0]!, entries[2]!], finalHash)).toEqual({ valid: false, brokenAt: 0 });
    expect(verifyChain(entries.slice(0, 2), finalHash)).toEqual({ valid: false, brokenAt: 'final' });
  });
});
