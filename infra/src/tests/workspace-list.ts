import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Workspace {
  name: string;
  dir: string;
  /** Relative to the repository root, for headings. */
  path: string;
}

/** The npm workspaces of the root package.json (plain folders and `folder/*` patterns), in declaration order. */
export function listWorkspaces(root: string): Workspace[] {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces?: string[] };
  const paths = (manifest.workspaces ?? []).flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    if (!existsSync(join(root, parent))) return [];
    return readdirSync(join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${parent}/${entry.name}`)
      .sort();
  });
  return paths.flatMap((path) => {
    const manifestFile = join(root, path, 'package.json');
    if (!existsSync(manifestFile)) return [];
    const { name } = JSON.parse(readFileSync(manifestFile, 'utf8')) as { name?: string };
    return [{ name: name ?? path, dir: join(root, path), path }];
  });
}
