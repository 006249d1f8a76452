import type { FetchArgs } from '@reduxjs/toolkit/query';
import { httpCallOf, type BoundRpcContract, type RequestInputOf, type RpcContract } from '@pm/contracts';

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
    const params: Record<string, string | number | boolean> = { ...call.params };
    for (const name of options.query) {
      const value = body[name];
      delete body[name];
      if (value !== undefined && value !== null) params[name] = value as string | number | boolean;
    }
    return { ...call, body, params };
  };
}
