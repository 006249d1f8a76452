import type { EntityManager } from '@mikro-orm/postgresql';
import type { DataOf, EventContract, RequestOf, ResponseOf, RpcContract } from '@pm/contracts';
import type { z } from 'zod';
import type { Principal } from '../auth/principal.js';

const USE_CASE = Symbol.for('pm:use-case');
const USE_CASE_OPTIONS = Symbol.for('pm:use-case-options');

/** Who is asking, as every use case sees it: the verified user and the account they act for. */
export interface UseCaseCaller {
  userId: string;
  /** Today a user's own account; partners act on other accounts through their location grants. */
  accountId: string;
  isAnonymous: boolean;
}

/**
 * What a use case gets besides its request: the caller, an EntityManager inside the one transaction the use case runs
 * in, and `record` to write an event to the outbox in that same transaction (published once the transaction commits).
 */
export interface UseCaseContext {
  principal: Principal;
  caller: UseCaseCaller;
  em: EntityManager;
  /**
   * The bearer as the caller sent it (`Bearer <jwt>`), unverified; a public use case may look for an optional one
   * (identity's sign-up carries an anonymous visitor's data over). Authorisation comes from `principal`, never this.
   */
  authorization?: string;
  record<E extends EventContract>(contract: E, data: DataOf<E>): Promise<void>;
}

/** A use case answers one request contract; its return type is checked against the contract's response. */
export interface UseCaseHandler<C extends RpcContract> {
  handle(request: RequestOf<C>, context: UseCaseContext): Promise<z.input<C['response']> | ResponseOf<C>>;
  /**
   * An idempotent call's retry answered with the first answer (`handle` does not run): releases what the retry
   * brought along that nothing will refer to (the upload stream's second copy of the file).
   */
  replayed?(request: RequestOf<C>, context: UseCaseContext): Promise<void>;
}

export interface UseCaseOptions {
  /**
   * Answered without a caller although the contract is not bound `http.auth: 'public'`: a hand-written BFF route's
   * call whose credential is the request itself (a sign-in's password, a link's token, a client secret).
   */
  public?: boolean;
  /**
   * The handler opens its own transactions: `context.em` is a fork outside any, and `record` writes through it. For work
   * that must outlive a refused attempt (a rate-limit count), follow a commit (an e-mail) or run on another
   * connection (identity's better-auth). Not with an idempotent contract, whose answer is stored in the call's one
   * transaction.
   */
  ownTransactions?: boolean;
  /**
   * The handler only reads: `context.em` is a fork outside any transaction (each query sees the latest commit; no
   * BEGIN and COMMIT round trips around a read) and `record` throws. Not with an idempotent contract.
   */
  readOnly?: boolean;
}

/**
 * Marks a class as the use case answering `contract`. The service's UseCasesModule finds it by its file name
 * (`use-cases/<verb-noun>/<verb-noun>.handler.ts`), makes it a provider (constructor injection works as usual) and
 * answers the contract's requests with it: no adapter, no module list to edit.
 */
export function UseCase<C extends RpcContract>(contract: C, options: UseCaseOptions = {}) {
  const idempotent = contract.http?.idempotent === true || contract.idempotent !== undefined;
  if ((options.ownTransactions || options.readOnly) && idempotent) throw new Error(`${contract.subject}: an idempotent use case runs in the call's transaction`);
  return <T extends new (...args: never[]) => UseCaseHandler<C>>(target: T): T => {
    Reflect.defineMetadata(USE_CASE, contract, target);
    Reflect.defineMetadata(USE_CASE_OPTIONS, options, target);
    return target;
  };
}

export function useCaseContractOf(target: unknown): RpcContract | undefined {
  return typeof target === 'function' ? (Reflect.getMetadata(USE_CASE, target) as RpcContract | undefined) : undefined;
}

export function useCaseOptionsOf(target: unknown): UseCaseOptions {
  return (typeof target === 'function' ? (Reflect.getMetadata(USE_CASE_OPTIONS, target) as UseCaseOptions | undefined) : undefined) ?? {};
}
