import type { FetchArgs } from '@reduxjs/toolkit/query';
import { httpCallOf, type BoundRpcContract, type QueryParam, type RequestInputOf, type RpcContract } from '@pm/contracts';

/** Request fields of a body call (POST/PUT/PATCH) that travel in the query string instead, e.g. the selected location. */
export interface CallOptions<C extends RpcContract> {
  query?: readonly (keyof RequestInputOf<C> & string)[];
}

/**
 * The RTK Query call for a contract's request, made from its HTTP binding (the inverse of the BFF's generic
 * contract router), so no feature writes a URL by hand:
 *
 *   getTenant: build.query<ResponseOf<typeof GetTenant>, string>({ query: (id) => callOf(GetTenant)({ id }), … })
 *
 * A contract without an HTTP binding fails here, when the endpoint is defined, not on the first call.
 */
export function callOf<C extends RpcContract>(contract: C, options: CallOptions<C> = {}): (request: RequestInputOf<C>) => FetchArgs {
  if (contract.http === undefined) throw new Error(`${contract.subject} has no HTTP binding: the BFF does not serve it`);
  const bound = contract as C & BoundRpcContract;
  return (request) => {
    const call = httpCallOf(bound, request as RequestInputOf<typeof bound>);
    if (!options.query?.length || call.body === undefined) return call;
    // The BFF reads query and body alike (requestFromHttp); a field the screens' calls have always sent in the query
    // (the selected location) stays there so the call on the wire does not change.
    const body = { ...call.body };
    const params: Record<string, QueryParam> = { ...call.params };
    for (const name of options.query) {
      const value = body[name];
      delete body[name];
      if (value !== undefined && value !== null) params[name] = value as QueryParam;
    }
    return { ...call, body, params };
  };
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
