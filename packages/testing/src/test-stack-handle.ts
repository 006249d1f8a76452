/**
 * The infrastructure a jest run is using. Kept on globalThis because jest runs globalSetup and globalTeardown in the
 * same process but as separately loaded modules: module state would not be shared, the global object is.
 */
export interface TestStackHandle {
  /** local: binaries started by this run; containers: testcontainers; external: started by infra/bin/test. */
  origin: 'local' | 'containers' | 'external';
  stop(): Promise<void>;
}

const key = Symbol.for('@pm/testing/test-stack');
type WithHandle = typeof globalThis & { [key]?: TestStackHandle };

export function currentTestStack(): TestStackHandle | undefined {
  return (globalThis as WithHandle)[key];
}

export function rememberTestStack(handle: TestStackHandle | undefined): void {
  (globalThis as WithHandle)[key] = handle;
}
