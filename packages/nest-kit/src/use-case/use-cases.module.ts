import { globSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Module, type DynamicModule, type ModuleMetadata, type Type } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { RpcContract } from '@pm/contracts';
import { OnRequest, recordEvent, type RequestContext } from '@pm/messaging';
import { CurrentPrincipal } from '../auth/current-principal.decorator.js';
import { Public } from '../auth/public.decorator.js';
import type { Principal } from '../auth/principal.js';
import { answerIdempotently } from './idempotent-answers.js';
import { IdempotencyKeysPruner } from './idempotency-keys-pruner.js';
import { useCaseContractOf, useCaseOptionsOf, type UseCaseContext, type UseCaseHandler } from './use-case.js';

/**
 * The use cases of a service, found on disk: every `use-cases/<name>/<name>.handler.{ts,js}` below `root` whose class
 * is marked `@UseCase(contract)`. Each answers its contract's requests in one transaction with a resolved caller
 * (a `readOnly` one outside any); a failure (RpcFailure or any error) rolls the transaction back, events recorded
 * included. A contract bound
 * `idempotent` that comes with an Idempotency-Key is answered through answerIdempotently, in that same transaction.
 */
@Module({})
export class UseCasesModule {
  static async discover(root: string, options: { imports?: ModuleMetadata['imports'] } = {}): Promise<DynamicModule> {
    const handlers = await findUseCases(root);
    return {
      module: UseCasesModule,
      imports: options.imports ?? [],
      providers: [...handlers, IdempotencyKeysPruner],
      controllers: [requestAdapterFor(handlers)],
      exports: [IdempotencyKeysPruner],
    };
  }
}

async function findUseCases(root: string): Promise<Type<UseCaseHandler<RpcContract>>[]> {
  // Compiled services run .js files; tests run the .ts sources: the discovered files follow what this file is.
  const extension = import.meta.filename.endsWith('.ts') ? 'ts' : 'js';
  const files = globSync(`**/use-cases/*/*.handler.${extension}`, { cwd: root }).sort();
  const found: Type<UseCaseHandler<RpcContract>>[] = [];
  for (const file of files) {
    const exports = (await import(pathToFileURL(join(root, file)).href)) as Record<string, unknown>;
    for (const value of Object.values(exports)) if (useCaseContractOf(value)) found.push(value as Type<UseCaseHandler<RpcContract>>);
  }
  const subjects = found.map((handler) => useCaseContractOf(handler)!.subject);
  const twice = subjects.filter((subject, i) => subjects.indexOf(subject) !== i);
  if (twice.length > 0) throw new Error(`More than one use case answers ${twice.join(', ')}`);
  return found;
}

/** One NATS request handler per use case, on one generated controller (the transport finds handlers on controllers). */
function requestAdapterFor(handlers: Type<UseCaseHandler<RpcContract>>[]): Type<unknown> {
  class UseCaseRequests {
    constructor(readonly em: EntityManager, ...instances: UseCaseHandler<RpcContract>[]) {
      this.instances = instances;
    }
    readonly instances: UseCaseHandler<RpcContract>[];
  }
  Reflect.defineMetadata('design:paramtypes', [EntityManager, ...handlers], UseCaseRequests);
  handlers.forEach((handler, index) => {
    const contract = useCaseContractOf(handler)!;
    const method = `answer${index}`;
    const idempotent = contract.http?.idempotent === true || contract.idempotent !== undefined;
    const options = useCaseOptionsOf(handler);
    const isPublic = contract.http?.auth === 'public' || options.public === true;
    const answer = async function (this: UseCaseRequests, request: unknown, principal: Principal | undefined, transport: RequestContext): Promise<unknown> {
      if (options.ownTransactions) {
        const em = this.em.fork();
        const context = principal ? contextFor(em, principal, transport) : publicContextFor(em, transport);
        return this.instances[index]!.handle(request as never, context);
      }
      if (options.readOnly) {
        const em = this.em.fork();
        const context = principal ? contextFor(em, principal, transport) : publicContextFor(em, transport);
        context.record = readOnlyRecord(contract);
        return this.instances[index]!.handle(request as never, context);
      }
      return this.em.fork().transactional((em) => {
        const handler = this.instances[index]!;
        const context = () => (principal ? contextFor(em, principal, transport) : publicContextFor(em, transport));
        const run = () => handler.handle(request as never, context());
        // A key on a call that is not a creation is ignored, as the API description says.
        if (!idempotent || transport.idempotencyKey === undefined || !principal) return run();
        const onReplay = handler.replayed ? () => handler.replayed!(request as never, context()) : undefined;
        return answerIdempotently(em, { contract, caller: principal.userId, key: transport.idempotencyKey, request, onReplay }, run);
      });
    };
    Object.defineProperty(UseCaseRequests.prototype, method, { value: answer, writable: true, configurable: true });
    const descriptor = Object.getOwnPropertyDescriptor(UseCaseRequests.prototype, method)!;
    Payload()(UseCaseRequests.prototype, method, 0);
    // A public contract (`http.auth: 'public'`, e.g. a link's token is the credential) is answered without a caller.
    if (isPublic) Public()(UseCaseRequests.prototype, method, descriptor);
    else CurrentPrincipal()(UseCaseRequests.prototype, method, 1);
    Ctx()(UseCaseRequests.prototype, method, 2);
    OnRequest(contract)(UseCaseRequests.prototype, method, descriptor as never);
    Object.defineProperty(UseCaseRequests.prototype, method, descriptor);
  });
  Controller()(UseCaseRequests);
  return UseCaseRequests;
}

function contextFor(em: EntityManager, principal: Principal, transport: RequestContext): UseCaseContext {
  return {
    principal,
    caller: { userId: principal.userId, accountId: principal.userId, isAnonymous: principal.isAnonymous },
    em,
    authorization: transport.authorization,
    record: async (contract, data) => {
      recordEvent(em, contract, data);
    },
  };
}

function readOnlyRecord(contract: RpcContract): UseCaseContext['record'] {
  return async (event) => {
    throw new Error(`${contract.subject} is a read-only use case and cannot record ${event.subject}`);
  };
}

/** A public use case has no caller: reading one is a programming error, never an anonymous pass. */
function publicContextFor(em: EntityManager, transport: RequestContext): UseCaseContext {
  const noCaller = (): never => {
    throw new Error('A public use case (http.auth: public) has no caller');
  };
  return {
    get principal() {
      return noCaller();
    },
    get caller() {
      return noCaller();
    },
    em,
    authorization: transport.authorization,
    record: async (contract, data) => {
      recordEvent(em, contract, data);
    },
  };
}
