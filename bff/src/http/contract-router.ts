import { HttpException, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import {
  attachmentFileName,
  bodyFieldsOf,
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
import { SNIFFABLE_TYPES, type SniffedContentType } from '@pm/files';
import { z } from 'zod';
import { MultipartUploads, type ReceivedForm } from '../files/multipart-upload.js';
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
    private readonly uploads: MultipartUploads,
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

  /** A multipart binding's form, its files streamed into the file store within the binding's limits while read. */
  private async readForm(contract: BoundRpcContract, req: Request): Promise<ReceivedForm> {
    const binding = contract.http.multipart!;
    if (!req.is('multipart/form-data')) throw new HttpRequestError(httpRequestMessages.bodyNotForm, 415);
    const textFields = bodyFieldsOf(contract).length;
    return this.uploads.receiveForm(req, {
      prefix: binding.prefix,
      maxBytes: binding.maxFileBytes,
      accept: binding.accept as readonly SniffedContentType[],
      fileField: binding.field,
      maxFiles: binding.maxFiles,
      fileRequired: false,
      // A list field (recipients) is one form field per item: room for the longest list a contract takes, while all
      // fields together stay small (they are held in memory until the call is made).
      maxFields: textFields + 1_000,
      maxFieldBytes: 64 * 1024,
      maxFieldsTotalBytes: 512 * 1024,
      overLongFields: 'report',
    });
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
    let form: ReceivedForm | undefined;
    try {
      const idempotencyKey = idempotencyKeyOf(contract, req);
      let body: unknown;
      if (contract.http.multipart) {
        form = await this.readForm(contract, req);
        body = formBody(contract, form);
      } else body = bodyOf(contract, req);
      const request = requestFromHttp(contract, { params: req.params as Record<string, string>, query: req.query, body });
      if (form && form.truncated.length > 0) throw new HttpRequestError(overLongFieldMessage(contract, request, form.truncated));
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
      // The service took nothing (a refusal, a failure): the files stored for it would be nobody's.
      if (form) this.uploads.discard(form.files);
      const failure = error instanceof HttpException ? new RpcFailure(error.getStatus(), httpMessageOf(error), 'bad_request') : error instanceof HttpRequestError ? new RpcFailure(error.status, error.message, error.status === 415 ? 'unsupported_media_type' : 'bad_request') : RpcFailure.from(error);
      if (failure) {
        res.status(failure.status).json(errorBody(failure));
        return;
      }
      this.logger.error({ err: error, subject: contract.subject }, 'request through the contract router failed');
      res.status(500).json(apiError(500, 'Something went wrong'));
    }
  }
}

/** An HttpException's message as the error body carries it (the multipart reader's refusals). */
function httpMessageOf(error: HttpException): string {
  const response = error.getResponse();
  return typeof response === 'string' ? response : String((response as { message?: unknown }).message ?? error.message);
}

/**
 * The request body a form stands for: each text field once, or as a list when the contract's field takes a list (a
 * form sends a list as one field per item); the files' references, as the BFF stored them, in the binding's field,
 * which a text field can never fill.
 */
function formBody(contract: BoundRpcContract, form: ReceivedForm): Record<string, unknown> {
  const binding = contract.http.multipart!;
  const shape = contract.request instanceof z.ZodObject ? (contract.request.shape as Record<string, z.ZodType>) : {};
  const body: Record<string, unknown> = {};
  // A form takes its contract's fields and no others (the API description says so: additionalProperties false), so a
  // misspelt field is a 400 that names it rather than a value silently lost.
  const known = new Set(bodyFieldsOf(contract));
  for (const [name, values] of Object.entries(form.fields)) {
    if (name === binding.field) throw new HttpRequestError(`The field "${name}" must carry files.`);
    if (!known.has(name)) throw new HttpRequestError(`The form has no field "${name}".`);
    if (takesList(shape[name])) body[name] = values;
    else if (values.length > 1) throw new HttpRequestError(`The field "${name}" was sent more than once.`);
    else body[name] = values[0];
  }
  body[binding.field] = form.files.map(({ file, fileName }) => ({
    key: file.key,
    file_name: attachmentFileName(fileName, extensionOf(file.contentType)),
    content_type: file.contentType,
    size: file.size,
    sha256: file.sha256,
  }));
  return body;
}

/**
 * The refusal of a form whose field the reader cut at its size cap (64 KiB, above any field's limit): the contract's
 * own message for that field, as a JSON body over its limit gets, or "too long" if the contract does not say. A cut
 * value is never passed on.
 */
function overLongFieldMessage(contract: BoundRpcContract, request: Record<string, unknown>, truncated: readonly string[]): string {
  const parsed = contract.request.safeParse(request);
  const issue = parsed.success ? undefined : parsed.error.issues.find((candidate) => truncated.includes(String(candidate.path[0])));
  return issue?.message ?? `The field "${truncated[0]}" is too long.`;
}

/** Whether a field's schema (under its optional, default and pipe wrappers) is a list. */
function takesList(field: z.ZodType | undefined): boolean {
  let schema: unknown = field;
  for (let depth = 0; depth < 10 && schema; depth++) {
    const def = (schema as { def?: { type?: string; innerType?: unknown; in?: unknown } }).def;
    if (!def) return false;
    if (def.type === 'array') return true;
    schema = def.innerType ?? def.in;
  }
  return false;
}

function extensionOf(contentType: SniffedContentType): string {
  return Object.entries(SNIFFABLE_TYPES).find(([, type]) => type === contentType)?.[0] ?? 'bin';
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
