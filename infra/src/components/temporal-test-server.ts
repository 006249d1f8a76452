import { join } from 'node:path';

/** Folder of the Java test server's class path (its jar and dependencies, copied there by Maven at install). */
export function temporalTestServerLib(testServerDir: string): string {
  return join(testServerDir, 'lib');
}

/**
 * The executable that starts the Java time-skipping test server: `temporal-test-server <port>`, the calling
 * convention of the Temporal SDK's ephemeral server (`TestWorkflowEnvironment.createTimeSkipping` with an
 * `existing-path` executable). It sits next to the other binaries so tests find it without downloading it.
 */
export function temporalTestServerExecutable(binDir: string): string {
  return join(binDir, 'temporal-test-server');
}

/** The wrapper's text. `exec` makes java the process the SDK started, so the SDK's kill stops the server itself. */
export function temporalTestServerScript(lib: string): string {
  return `#!/bin/sh
# Written by infra/src/install.ts: the Temporal time-skipping test server (Java), port as first argument.
exec java -cp '${lib}/*' io.temporal.testserver.TestServer "$@"
`;
}
