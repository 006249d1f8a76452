import type { FetchArgs, TagDescription } from '@reduxjs/toolkit/query';
import type * as contracts from '@pm/contracts';
import { httpCallOf, type BoundRpcContract, type HttpCall, type QueryParam, type RequestInputOf, type ResponseOf, type RpcContract } from '@pm/contracts';
import { invalidatesOnSuccess } from './cache-tags.js';
import type { TagType } from './tag-types.js';

export interface CallOptions<C extends RpcContract> {
  /** Request fields of a body call (POST/PUT/PATCH) that travel in the query string instead, e.g. the selected location. */
  query?: readonly (keyof RequestInputOf<C> & string)[];
  /** Milliseconds before the call is given up (fetchBaseQuery's `timeout`), for answers known to take long. */
  timeout?: number;
}

/**
 * The Idempotency-Key a creating call may carry (`http.idempotent`): made once per user action, sent as the header. A
 * request with no fields (`z.object({})`, whose input is `Record<string, never>`) is the key alone: intersected with
 * that index signature the key itself would have to be `never`.
 */
export type Keyed<Request> = (Request extends Record<string, never> ? unknown : Request) & { idempotencyKey?: string };

/**
 * The RTK Query call for a contract's request, made from its HTTP binding (the inverse of the BFF's generic
 * contract router), so no screen writes a URL by hand; the generated endpoints (app/generated/) are made with it.
 * A creating call bound `idempotent` takes the request's `idempotencyKey` as the Idempotency-Key header.
 *
 * A contract without an HTTP binding fails here, when the endpoint is defined, not on the first call.
 */
export function callOf<C extends RpcContract>(contract: C, options: CallOptions<C> = {}): (request: Keyed<RequestInputOf<C>> | void) => FetchArgs {
  if (contract.http === undefined) throw new Error(`${contract.subject} has no HTTP binding: the BFF does not serve it`);
  const bound = contract as C & BoundRpcContract;
  return (input) => {
    // A request without required fields may be left out (`useGetCurrentUserQuery()`).
    const { idempotencyKey, ...request } = (input ?? {}) as Keyed<RequestInputOf<C>>;
    if (idempotencyKey !== undefined && !bound.http.idempotent) throw new Error(`${contract.subject} takes no Idempotency-Key`);
    const call: FetchArgs = movedToQuery(httpCallOf(bound, request as RequestInputOf<typeof bound>), options.query);
    if (options.timeout !== undefined) call.timeout = options.timeout;
    if (idempotencyKey !== undefined) call.headers = { 'Idempotency-Key': idempotencyKey };
    return call;
  };
}

function movedToQuery(call: HttpCall, fields: readonly string[] | undefined): HttpCall {
  if (!fields?.length || call.body === undefined) return call;
  // The BFF reads query and body alike (requestFromHttp); a field the screens' calls have always sent in the query
  // (the selected location) stays there so the call on the wire does not change.
  const body = { ...call.body };
  const params: Record<string, QueryParam> = { ...call.params };
  for (const name of fields) {
    const value = body[name];
    delete body[name];
    if (value !== undefined && value !== null) params[name] = value as QueryParam;
  }
  return { ...call, body, params };
}

/**
 * A form call's request as a screen has it: the text fields, and the files picked instead of the stored references
 * the BFF writes into the binding's field (`attachments` for e-mails, `file` for a document upload).
 */
export type FormRequestOf<C extends RpcContract> = Omit<RequestInputOf<C>, 'attachments' | 'file'> & { files?: readonly File[] };

/**
 * The call for a contract bound `multipart` (a form with files, e.g. a bulk e-mail with attachments): the text fields
 * as form parts (a list once per item), the files under the binding's field. The BFF streams the files into storage.
 */
export function formCallOf<C extends RpcContract>(contract: C): (request: FormRequestOf<C>) => FetchArgs {
  const binding = contract.http?.multipart;
  if (binding === undefined) throw new Error(`${contract.subject} does not take a form with files`);
  const bound = contract as C & BoundRpcContract;
  return ({ files = [], ...request }) => {
    const call = httpCallOf(bound, request as unknown as RequestInputOf<typeof bound>);
    const body = new FormData();
    for (const [name, value] of call.form ?? []) body.append(name, value);
    for (const file of files) body.append(binding.field, file, file.name);
    return { url: call.url, method: call.method, body };
  };
}

type Tags = readonly TagDescription<TagType>[];

/**
 * How one contract's generated endpoint caches, declared once per context in `app/endpoints/<context>.ts`: the tags a
 * query provides, the tags a mutation invalidates when it succeeded (a failed change refetches nothing), and the
 * call's options. `arg` is the request the screen passed (`{}` where it left an optional one out).
 */
export interface EndpointDeclaration<C extends RpcContract> {
  provides?: Tags | ((result: ResponseOf<C> | undefined, arg: RequestInputOf<C>) => Tags);
  invalidates?: Tags | ((result: ResponseOf<C>, arg: RequestInputOf<C>) => Tags);
  /** Seconds an unused answer stays cached, where it differs from the app's five minutes. */
  keepUnusedDataFor?: number;
  call?: CallOptions<C>;
}

type Contracts = typeof contracts;

/** A context's declarations, keyed by the contract's exported name (`GetTenant`), so each is typed by its contract. */
export type EndpointTable = { readonly [Name in keyof Contracts]?: Contracts[Name] extends RpcContract ? EndpointDeclaration<Contracts[Name]> : never };

const requestOf = <C extends RpcContract>(arg: unknown) => (arg ?? {}) as RequestInputOf<C>;

/** A generated query endpoint's definition (app/generated/): the contract's call and its declared tags. */
export function queryOf<C extends RpcContract>(contract: C, declared: EndpointDeclaration<C> = {}) {
  const { provides, keepUnusedDataFor, call } = declared;
  return {
    query: callOf(contract, call) as (arg: unknown) => FetchArgs,
    ...(provides && {
      providesTags: (result: ResponseOf<C> | undefined, _error: unknown, arg: unknown): Tags =>
        typeof provides === 'function' ? provides(result, requestOf<C>(arg)) : provides,
    }),
    ...(keepUnusedDataFor !== undefined && { keepUnusedDataFor }),
  };
}

/** A generated mutation endpoint's definition: the contract's call; its declared tags are invalidated on success. */
export function mutationOf<C extends RpcContract>(contract: C, declared: EndpointDeclaration<C> = {}) {
  return { query: callOf(contract, declared.call) as (arg: unknown) => FetchArgs, ...invalidatesOf(declared) };
}

/** A generated mutation for a contract bound `multipart` (formCallOf). */
export function formMutationOf<C extends RpcContract>(contract: C, declared: EndpointDeclaration<C> = {}) {
  return { query: formCallOf(contract) as (arg: unknown) => FetchArgs, ...invalidatesOf(declared) };
}

function invalidatesOf<C extends RpcContract>({ invalidates }: EndpointDeclaration<C>) {
  if (invalidates === undefined) return {};
  const tags = invalidatesOnSuccess<ResponseOf<C>, unknown>(typeof invalidates === 'function' ? (result, arg) => invalidates(result, requestOf<C>(arg)) : invalidates);
  return { invalidatesTags: tags };
}
