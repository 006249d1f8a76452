import { AsyncLocalStorage } from 'node:async_hooks';
import type { Actor } from '@pm/contracts';

/**
 * What an event or request carries from the message that caused it: correlation and causation ids, the acting
 * user, and the caller's token. Kept in async-local storage while a handler runs, so events recorded by the handler
 * are linked to their cause without threading ids through every call.
 */
export interface MessageContext {
  correlationId: string;
  causationId: string | null;
  actor: Actor;
  /**
   * While serving a request: the caller's bearer token, or `null` when the request came without one (an anonymous
   * browser request). Absent for the process's own work (event handlers, workflow activities), which calls other
   * services with its service token instead; a request without a token never borrows the process's identity.
   */
  authorization?: string | null;
}

const storage = new AsyncLocalStorage<MessageContext>();

export function runInMessageContext<T>(context: MessageContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentMessageContext(): MessageContext | undefined {
  return storage.getStore();
}

/**
 * The request being served came from a service: its token was addressed to this service alone, so later calls in
 * this context must not forward it; they are this process's own work (RpcClient then uses its own service token).
 */
export function withholdCallerToken(): void {
  const context = storage.getStore();
  if (context) delete context.authorization;
}
