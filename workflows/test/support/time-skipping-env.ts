import { TestWorkflowEnvironment } from '@temporalio/testing';
import { temporalTestServerPath } from '@pm/testing';

const ATTEMPTS = 3;

/**
 * Temporal's time-skipping test server, installed by infra/src/install.ts. The SDK gives the server a fixed 5 s to
 * accept connections; on a loaded 2-core machine (CI while other suites run) it sometimes needs longer, and the SDK
 * then fails with "ephemeral server … did not start within 5s". Starting it again is what a person would do, and
 * the server is stateless, so a start that failed leaves nothing behind.
 */
export async function startTimeSkippingEnvironment(): Promise<TestWorkflowEnvironment> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    try {
      return await TestWorkflowEnvironment.createTimeSkipping({ server: { executable: { type: 'existing-path', path: temporalTestServerPath() } } });
    } catch (error) {
      if (!(error instanceof Error) || !/did not start within/.test(error.message)) throw error;
      lastError = error;
    }
  }
  throw lastError;
}
