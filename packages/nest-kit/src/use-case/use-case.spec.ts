import 'reflect-metadata';
import { defineRpc } from '@pm/contracts';
import { z } from 'zod';
import { UseCase, useCaseContractOf, useCaseOptionsOf, type UseCaseHandler } from './use-case.js';

const definition = { request: z.object({}), response: z.object({ ok: z.literal(true) }), fixture: { request: {}, response: { ok: true as const } } };
const Plain = defineRpc({ subject: 'pm.rpc.identity.thing.check.v1', ...definition });
const Creation = defineRpc({ subject: 'pm.rpc.identity.thing.create.v1', http: { method: 'POST', path: 'thing', status: 201, idempotent: true }, ...definition });

describe('@UseCase', () => {
  it('keeps the contract and the options on the class (none by default)', () => {
    @UseCase(Plain, { public: true, ownTransactions: true })
    class Marked implements UseCaseHandler<typeof Plain> {
      async handle() {
        return { ok: true as const };
      }
    }
    @UseCase(Plain)
    class Default implements UseCaseHandler<typeof Plain> {
      async handle() {
        return { ok: true as const };
      }
    }
    expect(useCaseContractOf(Marked)).toBe(Plain);
    expect(useCaseOptionsOf(Marked)).toEqual({ public: true, ownTransactions: true });
    expect(useCaseOptionsOf(Default)).toEqual({});
    expect(useCaseOptionsOf(class NotAUseCase {})).toEqual({});
  });

  it('refuses own transactions or none on an idempotent contract, whose answer is stored in the call transaction', () => {
    expect(() => UseCase(Creation, { ownTransactions: true })).toThrow("pm.rpc.identity.thing.create.v1: an idempotent use case runs in the call's transaction");
    expect(() => UseCase(Creation, { readOnly: true })).toThrow("pm.rpc.identity.thing.create.v1: an idempotent use case runs in the call's transaction");
    expect(() => UseCase(Creation)).not.toThrow();
  });
});
