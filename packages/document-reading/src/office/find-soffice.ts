import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Where Debian's libreoffice-writer-nogui puts the real binary when neither name is on PATH (e.g. a trimmed PATH). */
const DEBIAN_SOFFICE = '/usr/lib/libreoffice/program/soffice';

/** The LibreOffice binary: PM_SOFFICE_PATH, then soffice or libreoffice on PATH, then Debian's install location. */
export function findSoffice(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const configured = env['PM_SOFFICE_PATH'];
  if (configured) return executable(configured) ? configured : undefined;
  const dirs = (env['PATH'] ?? '').split(delimiter).filter(Boolean);
  for (const name of ['soffice', 'libreoffice']) {
    for (const dir of dirs) {
      const candidate = join(dir, name);
      if (executable(candidate)) return candidate;
    }
  }
  return executable(DEBIAN_SOFFICE) ? DEBIAN_SOFFICE : undefined;
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
