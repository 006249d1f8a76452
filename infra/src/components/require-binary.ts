import { accessSync, constants } from 'node:fs';
import { join } from 'node:path';

/** Path of a binary built by the install step, or an error that says how to get it. */
export function requireBinary(binDir: string, name: string): string {
  const path = join(binDir, name);
  try {
    accessSync(path, constants.X_OK);
  } catch {
    throw new Error(`${path} is missing: run node infra/src/install.ts (infra/bin/start does it for you)`);
  }
  return path;
}
