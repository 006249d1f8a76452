import { join } from 'node:path';

/**
 * The schemathesis command inside its virtualenv. It is run by path (never activated), so the test process needs no
 * Python setup of its own.
 */
export function schemathesisExecutable(venvDir: string): string {
  return join(venvDir, 'bin', 'schemathesis');
}
