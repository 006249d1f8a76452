import type { useAppProps as FeedbackApi } from 'antd/es/app/context';

export type { FeedbackApi };

/** Hands the real toasts and dialogs to the facade once their holders are mounted. */
export type AttachFeedback = (api: FeedbackApi) => void;

type Part = keyof FeedbackApi;
type Call = (api: FeedbackApi) => unknown;

const messageMethods = ['info', 'success', 'error', 'warning', 'loading', 'open', 'destroy'] as const;
const notificationMethods = ['success', 'error', 'info', 'warning', 'open', 'destroy'] as const;
const modalMethods = ['info', 'success', 'error', 'warning', 'confirm'] as const;

/**
 * What `App.useApp()` answers in this app: antd's message, notification and modal, usable from the first render while
 * the code that shows them is not loaded (it is not part of the first download: a page that shows no toast never needs
 * it). The first call asks for it (`onFirstCall`); calls made until it is there are kept and made when it attaches, in
 * order. What such a call returns stands in for what antd returns: a message's close function and promise, a dialog's
 * destroy and update.
 */
export function deferredFeedback(onFirstCall: () => void): { api: FeedbackApi; attach: AttachFeedback } {
  let real: FeedbackApi | null = null;
  const waiting: Call[] = [];

  const forward =
    (part: Part, method: string) =>
    (...args: unknown[]): unknown => {
      const call = (api: FeedbackApi) => (api[part] as unknown as Record<string, (...a: unknown[]) => unknown>)[method]!(...args);
      if (real) return call(real);
      if (waiting.length === 0) onFirstCall();
      return pendingHandle(waiting, call);
    };
  const partOf = (part: Part, methods: readonly string[]) => Object.fromEntries(methods.map((method) => [method, forward(part, method)]));

  const api = {
    message: partOf('message', messageMethods),
    notification: partOf('notification', notificationMethods),
    modal: partOf('modal', modalMethods),
  } as unknown as FeedbackApi;

  const attach: AttachFeedback = (holders) => {
    real = holders;
    for (const call of waiting.splice(0)) call(holders);
  };
  return { api, attach };
}

/** Stands in for the result of a call not made yet: antd's message result is callable (close) and thenable, a dialog's has destroy and update. */
function pendingHandle(waiting: Call[], call: Call) {
  let cancelled = false;
  // Wrapped, so a thenable result (a message, a confirm dialog) is passed on as it is rather than awaited here.
  const made = new Promise<{ result: unknown }>((resolve) => {
    waiting.push((api) => resolve({ result: cancelled ? undefined : call(api) }));
  });
  const whenMade = (use: (result: Record<string, unknown> & ((...a: unknown[]) => unknown)) => unknown) =>
    void made.then(({ result }) => {
      if (result) use(result as Record<string, unknown> & ((...a: unknown[]) => unknown));
    });
  const close = () => {
    cancelled = true;
    whenMade((result) => (typeof result === 'function' ? result() : undefined));
  };
  return Object.assign(close, {
    then: <T, E = never>(onDone?: (value: unknown) => T | PromiseLike<T>, onFailed?: (reason: unknown) => E | PromiseLike<E>) =>
      made.then(({ result }) => result).then(onDone, onFailed),
    destroy: () => {
      cancelled = true;
      whenMade((result) => (typeof result['destroy'] === 'function' ? (result['destroy'] as () => void)() : undefined));
    },
    update: (config: unknown) => whenMade((result) => (result['update'] as (c: unknown) => void)(config)),
  });
}
