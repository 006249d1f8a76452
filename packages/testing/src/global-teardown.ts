import { currentTestStack, rememberTestStack } from './test-stack-handle.ts';

/** Stops what globalSetup started; a stack started by `npm test` (external) is left to it. */
export default async function globalTeardown(): Promise<void> {
  const handle = currentTestStack();
  if (handle === undefined) return;
  rememberTestStack(undefined);
  await handle.stop();
}
