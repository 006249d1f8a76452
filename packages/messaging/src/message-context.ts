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
  authorization?: string;
}

const storage = new AsyncLocalStorage<MessageContext>();

export function runInMessageContext<T>(context: MessageContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentMessageContext(): MessageContext | undefined {
  return storage.getStore();
}
