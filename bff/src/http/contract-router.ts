import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import {
  hasBody,
  HttpRequestError,
  httpRequestMessages,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKeySchema,
  isBound,
  requestFromHttp,
  rpcRegistry,
  type BoundRpcContract,
  type RpcContract,
} from '@pm/contracts';
import { RpcClient, RpcFailure, runInMessageContext } from '@pm/messaging';
import { InvalidTokenError, JwtVerifier, REQUEST_ID_HEADER, type Principal } from '@pm/nest-kit';
import type { Express, NextFunction, Request, Response } from 'express';
import { API_BASE_PATH } from './api-base-path.js';
import { apiError, errorBody } from './error-body.js';

/**
 * The BFF's one router for every request contract with an HTTP binding: it verifies the session token, assembles the
 * request from path, query and body, forwards it with the caller's token, the request id as correlation id and the
 * caller as actor, and answers the service's reply (or its failure, status and message as the service gave them).
 * On a call bound `idempotent` it checks and forwards the client's Idempotency-Key; the service honours it.
 * Hand-written controllers remain only where the BFF does more than pass a call through (auth cookies, composed views).
 */
@Injectable()
export class ContractRouter implements OnModuleInit {
  private readonly logger = new Logger('ContractRouter');

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly rpc: RpcClient,
    private readonly verifier: JwtVerifier,
  ) {}

  onModuleInit(): void {
    const app = this.adapterHost.httpAdapter.getInstance<Express>();
    for (const contract of routeOrder(boundContracts())) {
      const method = contract.http.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
      app[method](`/${API_BASE_PATH}/${contract.http.path}`, (req: Request, res: Response, next: NextFunction) => {
        this.serve(contract, req, res).catch(next);
      });
    }
  }

  private async serve(contract: BoundRpcContract, req: Request, res: Response): Promise<void> {
    let principal: Principal | undefined;
    if (contract.http.auth !== 'public') {
      try {
        principal = await this.verifier.verify(req.headers.authorization);
      } catch (error) {
        const message = error instanceof InvalidTokenError ? error.message : 'Authentication required';
        res.status(401).json(apiError(401, message, 'unauthorized'));
        return;
      }
    }
    try {
      const request = requestFromHttp(contract, { params: req.params as Record<string, string>, query: req.query, body: bodyOf(contract, req) });
      const idempotencyKey = idempotencyKeyOf(contract, req);
      const correlationId = String((req as Request & { id?: unknown }).id ?? req.headers[REQUEST_ID_HEADER] ?? '') || crypto.randomUUID();
      const reply = await runInMessageContext(
        {
          correlationId,
          causationId: null,
          actor: principal ? { kind: principal.isAnonymous ? 'anonymous' : 'user', userId: principal.userId } : { kind: 'system', name: 'bff' },
          // A public call goes on without a token (null), never with the BFF's own service token.
          authorization: principal ? req.headers.authorization : null,
        },
        () => this.rpc.request(contract, request as never, { idempotencyKey, timeoutMs: contract.http.timeoutMs }),
      );
      const status = contract.http.status ?? 200;
      if (status === 204) res.status(204).end();
      else res.status(status).json(reply);
    } catch (error) {
      const failure = error instanceof HttpRequestError ? new RpcFailure(error.status, error.message, error.status === 415 ? 'unsupported_media_type' : 'bad_request') : RpcFailure.from(error);
      if (failure) {
        res.status(failure.status).json(errorBody(failure));
        return;
      }
      this.logger.error({ err: error, subject: contract.subject }, 'request through the contract router failed');
      res.status(500).json(apiError(500, 'Something went wrong'));
    }
  }
}

/** The client's Idempotency-Key on a call that takes one (ignored elsewhere, as on payment APIs); 400 when malformed. */
function idempotencyKeyOf(contract: BoundRpcContract, req: Request): string | undefined {
  const raw = req.get(IDEMPOTENCY_KEY_HEADER);
  if (!contract.http.idempotent || raw === undefined) return undefined;
  const key = IdempotencyKeySchema.safeParse(raw);
  if (!key.success) throw new HttpRequestError(key.error.issues[0]!.message);
  return key.data;
}

/**
 * The parsed JSON body, or undefined when the call sent no body at all (Express leaves `{}` then, which must not pass
 * for an empty JSON object). A body of another type is refused rather than read as no body.
 */
function bodyOf(contract: BoundRpcContract, req: Request): unknown {
  if (!hasBody(contract.http)) return undefined;
  const sent = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  if (!sent) return undefined;
  if (!req.is('application/json')) throw new HttpRequestError(httpRequestMessages.bodyNotJson, 415);
  return req.body as unknown;
}

export function boundContracts(registry: readonly RpcContract[] = rpcRegistry): BoundRpcContract[] {
  return registry.filter(isBound);
}

/**
 * Express matches routes in the order they are added, so `tenant/all` must come before `tenant/:id`: at the first
 * segment where two paths differ, a fixed segment goes before a parameter.
 */
export function routeOrder<C extends BoundRpcContract>(contracts: readonly C[]): C[] {
  return [...contracts].sort((a, b) => {
    const left = a.http.path.split('/');
    const right = b.http.path.split('/');
    for (let i = 0; i < Math.min(left.length, right.length); i++) {
      const leftParam = left[i]!.startsWith(':');
      const rightParam = right[i]!.startsWith(':');
      if (leftParam !== rightParam) return leftParam ? 1 : -1;
    }
    return left.length - right.length;
  });
}
