import { ApiError, Environment, LogLevel, Paddle } from '@paddle/paddle-node-sdk';
import { RpcFailure } from '@pm/messaging';
import type { PaymentsConfig } from '../config/payments-env.js';

/**
 * The official Paddle client: Paddle's production API, or the API at PADDLE_API_URL (the local @pm/paddle-sandbox).
 * The SDK types `environment` as its enum but uses any other value as the base URL itself.
 */
export function paddleClientOf(config: Pick<PaymentsConfig, 'PADDLE_API_KEY' | 'PADDLE_API_URL'>): Paddle {
  const environment = config.PADDLE_API_URL ? (config.PADDLE_API_URL.replace(/\/+$/, '') as Environment) : Environment.production;
  return new Paddle(config.PADDLE_API_KEY, { environment, logLevel: LogLevel.none });
}

/**
 * A call to Paddle: that it cannot be reached (fetch fails), answers something that is not its JSON, or fails on its
 * side (`api_error`) is a 502 with the message the caller shows; a refusal of our request is a bug of ours and stays
 * an error (500, logged). Nothing is written before Paddle answers.
 */
export async function paddleCall<T>(unavailable: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError ? error.type === 'api_error' : unreachable(error)) throw new RpcFailure(502, unavailable);
    throw error;
  }
}

/**
 * fetch's "fetch failed" (a TypeError) or an answer that is not JSON (a SyntaxError from the SDK's `json()`). Told by
 * name, not `instanceof`: fetch's errors come from Node's own realm, which is not the caller's under a VM (jest), where
 * even `instanceof Error` fails.
 */
function unreachable(error: unknown): boolean {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  return name === 'TypeError' || name === 'SyntaxError';
}
