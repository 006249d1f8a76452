import { join } from 'node:path';

/** stripe-mock, built by `go install` beside the other binaries (infra/src/install.ts, with --for-tests). */
export function stripeMockExecutable(binDir: string): string {
  return join(binDir, 'stripe-mock');
}
