import type { Context } from '@pm/contracts';

export interface ServiceClient {
  /** identity's variable holding this client's secret; the client gets the same value as SERVICE_CLIENT_SECRET. */
  secretVariable: 'SERVICE_CLIENT_SECRET_BFF' | 'SERVICE_CLIENT_SECRET_PORTFOLIO' | 'SERVICE_CLIENT_SECRET_WORKFLOWS' | 'SERVICE_CLIENT_SECRET_MESSAGING';
  /** The services its own calls (outside a user's request) may reach; a service is added when its code starts calling it. */
  audiences: readonly Context[];
}

/**
 * The machine callers identity issues service tokens to, and what each may call: the one table of service-to-service
 * permissions. A client without a configured secret gets no token (401).
 */
export const serviceClients: Readonly<Record<string, ServiceClient>> = {
  /** Composed views and calls made for no particular user. */
  bff: { secretVariable: 'SERVICE_CLIENT_SECRET_BFF', audiences: ['identity', 'portfolio'] },
  /** Event consumers that need account facts. */
  portfolio: { secretVariable: 'SERVICE_CLIENT_SECRET_PORTFOLIO', audiences: ['identity'] },
  /** Workflow activities acting on locations. */
  workflows: { secretVariable: 'SERVICE_CLIENT_SECRET_WORKFLOWS', audiences: ['portfolio', 'payments'] },
  /** The voice webhook, asking the assistant to answer a caller (no user's request is behind a phone call). */
  messaging: { secretVariable: 'SERVICE_CLIENT_SECRET_MESSAGING', audiences: ['assistant'] },
};

export function serviceClientNamed(clientId: string): ServiceClient | undefined {
  return Object.hasOwn(serviceClients, clientId) ? serviceClients[clientId] : undefined;
}
