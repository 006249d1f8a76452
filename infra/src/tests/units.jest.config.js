// Every workspace's `unit` project in one jest invocation (npm test's first pass), so the cores are in use across
// workspaces instead of one small jest start per workspace. The workspaces come from run-tests.ts
// (PM_UNIT_WORKSPACES, a JSON list of folders); each project keeps its own settings (web's jsdom environment and
// setup files, the shared transform) and is named after its folder.
import { availableParallelism } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '../../..');
const folders = JSON.parse(process.env['PM_UNIT_WORKSPACES'] ?? '[]');
if (!Array.isArray(folders) || folders.length === 0) throw new Error('PM_UNIT_WORKSPACES lists no workspace: run the tests through npm test');

const projects = [];
for (const folder of folders) {
  const { default: config } = await import(pathToFileURL(join(folder, 'jest.config.js')).href);
  for (const project of config.projects ?? []) {
    if (project.displayName === 'unit') projects.push({ ...project, displayName: `unit ${relative(root, folder)}` });
  }
}

export default { rootDir: root, maxWorkers: Math.max(1, availableParallelism()), projects };
