import { type z } from 'zod';
import type { Permission } from './access/permissions.js';

/** Bounded contexts own one JetStream stream each; subjects start with `pm.<context>.`. */
export const contexts = [
  'identity',
  'portfolio',
  'messaging',
  'vault',
  'calendar',
  'payments',
  'leasing',
  'community',
  'assistant',
] as const;
export type Context = (typeof contexts)[number];

const eventSubjectPattern = /^pm\.([a-z]+)\.([a-z][a-z0-9-]*)\.([a-z][a-z0-9-]*)\.v([1-9][0-9]*)$/;
const rpcSubjectPattern = /^pm\.rpc\.([a-z]+)\.([a-z][a-z0-9-]*)\.([a-z][a-z0-9-]*)\.v([1-9][0-9]*)$/;

export interface EventContract<Subject extends string = string, Data extends z.ZodType = z.ZodType> {
  readonly kind: 'event';
  readonly subject: Subject;
  readonly context: Context;
  /** `<context>.<aggregate>.<event>`, the subject without prefix and version. */
  readonly type: string;
  readonly version: number;
  readonly data: Data;
  /** A valid payload, used by the registry test and by documentation. */
  readonly fixture: z.input<Data>;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How the browser reaches a request through the BFF. The BFF's one generic router mounts every bound contract: path
 * parameters (`:name`, each a field of the request), then the query string (GET/DELETE: every other field; coerced to
 * the field's type), then the JSON body (POST/PUT/PATCH) are assembled into the request, which the contract parses.
 */
export interface HttpBinding {
  readonly method: HttpMethod;
  /** Relative to the BFF's base path (`/api`), as the spec's call tables write it, e.g. `tenant/:id/metadata`. */
  readonly path: string;
  /** The success status: 200 unless given (201 for creations, 204 for answers without a body). */
  readonly status?: 200 | 201 | 202 | 204;
  /** `session` (default): a verified access token, anonymous visitors' included. `public`: no token needed. */
  readonly auth?: 'session' | 'public';
  /**
   * A creating call that takes an `Idempotency-Key` header (POST only): the service stores the first answer per
   * caller and key for 24 h and answers a retry with it instead of creating again (see nest-kit's UseCasesModule).
   */
  readonly idempotent?: boolean;
  /**
   * How long the BFF waits for the service's answer, in ms, when a call may take longer than the request client's
   * default (10 s): an AI chat answer waits for the model, queued behind other requests on a small machine.
   */
  readonly timeoutMs?: number;
  /**
   * The body is a form with files (`multipart/form-data`) instead of JSON: the BFF streams every file of `field` into
   * the file store while reading it (never buffered whole), refusing more than `maxFiles` (400), a file over
   * `maxFileBytes` (413) or of a type not in `accept` (415), and hands the service their references in that field
   * (`StoredFileRefSchema`); the other form fields are the request's, a field named twice becoming a list.
   */
  readonly multipart?: MultipartBinding;
}

export interface MultipartBinding {
  /** The request field the stored files' references go into; the form's files are sent under this name. */
  readonly field: string;
  /** Key prefix of the stored files (`mail/outbound`); the rest of each key is a UUIDv7. */
  readonly prefix: string;
  readonly maxFiles: number;
  readonly maxFileBytes: number;
  /** Sniffed content types taken (as `@pm/files` names them). */
  readonly accept: readonly string[];
}

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503;
/** The failures a caller should expect, with the user-facing messages (the spec's own texts), for the API description. */
export type DocumentedErrors = Partial<Record<ErrorStatus, string | readonly string[]>>;

export interface RpcContract<
  Subject extends string = string,
  Request extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> {
  readonly kind: 'rpc';
  readonly subject: Subject;
  readonly context: Context;
  /**
   * What the call does, for a reader of the API: docs/calls.md, the call tables the service READMEs generate from the
   * registry, and the operation's description in the OpenAPI document. Markdown; the spec's messages quoted exactly.
   */
  readonly description?: string;
  readonly request: Request;
  readonly response: Response;
  /** Present when the browser may call it through the BFF. */
  readonly http?: HttpBinding;
  /**
   * A creation not bound to HTTP that a hand-written BFF route calls with the client's Idempotency-Key (the vault's
   * upload stream): the service honours the key as for `http.idempotent`. `storedFileField` names the request field
   * holding the file the BFF stored for this attempt: its key differs on every retry, so it is left out of the
   * comparison of a retry with the first request.
   */
  readonly idempotent?: { readonly storedFileField?: string };
  /**
   * Who may make a request whose fields name a resource (`id`, `*_id`, `*Id`, `*_ids`, `*Ids`): the permission the
   * caller needs on the location the resource belongs to (the service checks it with `LocationAccess`, answering 404
   * to a caller without access and 403 to a role without the permission), or `caller` for a request that reaches only
   * the caller's own things (their session, chat, membership). This is the access matrix: `@pm/access/testing` reads it
   * from the registry, its unit test fails for a request that names a resource and says neither, and each service's
   * matrix test calls every location-scoped request of its context as every role. A request that names no resource
   * acts on the caller alone and needs no `access`.
   */
  readonly access?: Access;
  readonly errors?: DocumentedErrors;
  readonly fixture: { request: z.input<Request>; response: z.input<Response> };
}

/** A location-scoped request's permission, or `caller` for one that reaches only the caller's own things. */
export type Access = Permission | 'caller';

/** A contract the BFF serves over HTTP. */
export type BoundRpcContract = RpcContract & { readonly http: HttpBinding };

function contextOf(subject: string, match: RegExpExecArray | null, pattern: string): { context: Context; version: number } {
  if (!match) throw new Error(`Subject "${subject}" does not follow ${pattern}`);
  const context = match[1] as Context;
  if (!contexts.includes(context)) throw new Error(`Subject "${subject}" names an unknown context "${match[1]}"`);
  return { context, version: Number(match[4]) };
}

export function defineEvent<const Subject extends string, Data extends z.ZodType>(definition: {
  subject: Subject;
  data: Data;
  fixture: z.input<Data>;
}): EventContract<Subject, Data> {
  const { context, version } = contextOf(
    definition.subject,
    eventSubjectPattern.exec(definition.subject),
    'pm.<context>.<aggregate>.<event>.v<N>',
  );
  const type = definition.subject.slice('pm.'.length).replace(/\.v[0-9]+$/, '');
  return Object.freeze({ kind: 'event', context, type, version, ...definition });
}

export function defineRpc<const Subject extends string, Request extends z.ZodType, Response extends z.ZodType>(definition: {
  subject: Subject;
  description?: string;
  http?: HttpBinding;
  idempotent?: { storedFileField?: string };
  access?: Access;
  request: Request;
  response: Response;
  errors?: DocumentedErrors;
  fixture: { request: z.input<Request>; response: z.input<Response> };
}): RpcContract<Subject, Request, Response> {
  const { context } = contextOf(
    definition.subject,
    rpcSubjectPattern.exec(definition.subject),
    'pm.rpc.<context>.<aggregate>.<verb>.v<N>',
  );
  if (definition.http) checkBinding(definition.subject, definition.http);
  if (definition.http && definition.idempotent) throw new Error(`${definition.subject}: a bound call takes its Idempotency-Key through http.idempotent`);
  return Object.freeze({ kind: 'rpc', context, ...definition });
}

const pathPattern = /^[a-z0-9_-]+(\/([a-z0-9_-]+|:[a-zA-Z][a-zA-Z0-9_]*))*$/;

function checkBinding(subject: string, http: HttpBinding): void {
  if (!pathPattern.test(http.path)) throw new Error(`${subject}: HTTP path "${http.path}" must be relative segments (a-z, 0-9, -, _) and :params`);
  // PUT and DELETE are idempotent by their nature; a key only makes sense where a repeat would create again.
  if (http.idempotent && http.method !== 'POST') throw new Error(`${subject}: only a POST binding can be idempotent`);
  if (http.multipart && http.method !== 'POST') throw new Error(`${subject}: only a POST binding can take a form with files`);
}

export function isBound(contract: RpcContract): contract is BoundRpcContract {
  return contract.http !== undefined;
}

export type DataOf<C extends EventContract> = z.output<C['data']>;
export type RequestOf<C extends RpcContract> = z.output<C['request']>;
/** What a caller may send (defaults not yet applied): the type of the web's arguments. */
export type RequestInputOf<C extends RpcContract> = z.input<C['request']>;
export type ResponseOf<C extends RpcContract> = z.output<C['response']>;

/** The request contracts among a module's exports (`import * as rpc from './rpc/tenant.js'`), so a registry cannot miss one. */
export function rpcContractsIn(...modules: Record<string, unknown>[]): RpcContract[] {
  return modules.flatMap((exports) => Object.values(exports).filter((value): value is RpcContract => isRpcContract(value)));
}

function isRpcContract(value: unknown): value is RpcContract {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'rpc';
}
