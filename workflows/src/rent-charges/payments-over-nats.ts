import { PostDueRentCharges } from '@pm/contracts';
import { RpcClient, ServiceTokenProvider, type connectNats, type ServiceCredentials } from '@pm/messaging';
import type { RentChargesPoster } from './rent-charges.activities.js';

type NatsConnection = Awaited<ReturnType<typeof connectNats>>;

/** Payments asked over NATS with the worker's service token (identity issues it to the `workflows` client for payments). */
export function paymentsOverNats(nc: NatsConnection, credentials: ServiceCredentials): RentChargesPoster {
  const rpc = new RpcClient(nc, undefined, ServiceTokenProvider.overNats(nc, credentials));
  return {
    // A pass over every unit may take a while on a large platform: the activity's own timeout bounds it.
    postDue: (asOf) => rpc.request(PostDueRentCharges, { as_of: asOf.toISOString() }, { asService: true, timeoutMs: 5 * 60_000 }),
  };
}

/** Without NATS or credentials the worker cannot ask payments: each run fails (and Temporal retries it) with why. */
export const paymentsUnreachable: RentChargesPoster = {
  postDue: () => Promise.reject(new Error('the worker has no NATS_URL or service credentials: payments cannot be asked to post rent charges')),
};
