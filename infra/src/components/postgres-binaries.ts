import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Debian/Ubuntu install each PostgreSQL major side by side under /usr/lib/postgresql/<major>/bin. */
export function postgresBinDir(major: string): string {
  return `/usr/lib/postgresql/${major}/bin`;
}

export function postgresInstalled(major: string): boolean {
  const dir = postgresBinDir(major);
  return ['initdb', 'postgres'].every((tool) => existsSync(join(dir, tool)));
}
