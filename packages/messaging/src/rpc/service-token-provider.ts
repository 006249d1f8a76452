import type { NatsConnection } from '@nats-io/nats-core';
import { IssueServiceToken, type Context } from '@pm/contracts';
import { RpcClient } from './rpc-client.js';

export interface ServiceCredentials {
  clientId: string;
  clientSecret: string;
}

/** One answer of identity: the token and its lifetime in seconds. */
export type IssueServiceTokenFn = (audience: Context) => Promise<{ access_token: string; expires_in: number }>;

export interface ServiceTokenProviderOptions {
  /** Share of the lifetime after which a token is replaced (0.8: a 5-minute token is renewed after 4 minutes). */
  refreshAfter?: number;
  /** Milliseconds since the epoch; a test moves it past the refresh point instead of waiting. */
  now?: () => number;
}

interface Cached {
  token: string;
  refreshAt: number;
}

/**
 * The process's service tokens, one per audience: fetched from identity on first use, kept until shortly before
 * they expire, and fetched once however many calls ask at the same moment (single-flight), so a burst of event
 * handlers costs identity one request per audience and lifetime.
 */
export class ServiceTokenProvider {
  private readonly cached = new Map<Context, Cached>();
  private readonly pending = new Map<Context, Promise<Cached>>();
  private readonly refreshAfter: number;
  private readonly now: () => number;

  constructor(
    private readonly issue: IssueServiceTokenFn,
    options: ServiceTokenProviderOptions = {},
  ) {
    this.refreshAfter = options.refreshAfter ?? 0.8;
    this.now = options.now ?? Date.now;
  }

  /** Asks identity over NATS with the client's credentials (a request of its own, never carrying another token). */
  static overNats(nc: NatsConnection, credentials: ServiceCredentials, options?: ServiceTokenProviderOptions): ServiceTokenProvider {
    const rpc = new RpcClient(nc);
    return new ServiceTokenProvider(
      (audience) =>
        rpc.request(
          IssueServiceToken,
          { client_id: credentials.clientId, client_secret: credentials.clientSecret, audience },
          { authorization: null },
        ),
      options,
    );
  }

  /** A valid token for calls to `audience`. */
  async token(audience: Context): Promise<string> {
    const cached = this.cached.get(audience);
    if (cached && this.now() < cached.refreshAt) return cached.token;
    let pending = this.pending.get(audience);
    if (!pending) {
      pending = this.fetch(audience).finally(() => this.pending.delete(audience));
      this.pending.set(audience, pending);
    }
    return (await pending).token;
  }

  /** Drops a token the service refused (revoked key, clock skew), so the next call fetches a new one. */
  invalidate(audience: Context, token: string): void {
    if (this.cached.get(audience)?.token === token) this.cached.delete(audience);
  }

  private async fetch(audience: Context): Promise<Cached> {
    // Measured from before the request: the token's clock started no later than that.
    const requestedAt = this.now();
    const issued = await this.issue(audience);
    const entry = { token: issued.access_token, refreshAt: requestedAt + issued.expires_in * 1000 * this.refreshAfter };
    this.cached.set(audience, entry);
    return entry;
  }
}
