import { z } from 'zod';
import { defineRpc } from './define.js';
import { IdempotencyKeySchema } from './idempotency.js';
import { rpcRegistry } from './registry.js';

describe('Idempotency-Key', () => {
  it('is 1 to 255 visible ASCII characters', () => {
    for (const key of ['a', '4f9c2a8e-7d1b-4c3e-9a5f-0b6d2e8f1a7c', 'order:42/retry#1', '~'.repeat(255)]) {
      expect(IdempotencyKeySchema.safeParse(key).success).toBe(true);
    }
    expect(IdempotencyKeySchema.safeParse('').error?.issues[0]?.message).toBe('Idempotency-Key must not be empty');
    expect(IdempotencyKeySchema.safeParse('k'.repeat(256)).error?.issues[0]?.message).toBe('Idempotency-Key must be at most 255 characters');
    for (const key of ['has space', 'tab\there', 'naïve', 'line\n']) {
      expect(IdempotencyKeySchema.safeParse(key).error?.issues[0]?.message).toBe('Idempotency-Key may contain only visible ASCII characters (no spaces)');
    }
  });

  it('is taken by POST bindings only', () => {
    const definition = { request: z.object({}), response: z.object({}), fixture: { request: {}, response: {} } };
    expect(() => defineRpc({ subject: 'pm.rpc.portfolio.thing.update.v1', http: { method: 'PUT', path: 'thing', idempotent: true }, ...definition })).toThrow(
      'pm.rpc.portfolio.thing.update.v1: only a POST binding can be idempotent',
    );
  });

  // Only nest-kit's use cases honour the key: every service answers every request with one.
  it("is taken by portfolio's, messaging's, the assistant's, the vault's, identity's and payments' creating calls", () => {
    const marked = rpcRegistry.filter((contract) => contract.http?.idempotent);
    expect(new Set(marked.map((contract) => contract.context))).toEqual(new Set(['portfolio', 'messaging', 'assistant', 'vault', 'identity', 'payments']));
  });

  // Which calls take the key is read from their bindings (the OpenAPI document and the BFF's router read the same flag):
  // what must hold is that every creation (a POST answering 201) is marked; sends that answer 200 (a reply, a bulk
  // e-mail) are marked in their binding too.
  it('is taken by every creating call (POST answering 201)', () => {
    const unmarked = rpcRegistry.filter((contract) => contract.http?.method === 'POST' && contract.http.status === 201 && !contract.http.idempotent);
    expect(unmarked.map((contract) => `${contract.http!.method} ${contract.http!.path}`)).toEqual([]);
    expect(rpcRegistry.filter((contract) => contract.http?.idempotent && contract.http.method !== 'POST')).toEqual([]);
  });
});
