import { join } from 'node:path';

/** Folder of the Java fallback's class path (the test server jar and its dependencies, copied by Maven). */
export function temporalTestServerLib(testServerDir: string): string {
  return join(testServerDir, 'lib');
}
