// The jest projects of one kind (`unit`, `e2e`) from every workspace run-tests.ts lists in an environment variable (a
// JSON list of folders), each renamed after its folder, for the configs that run one kind across workspaces in one
// jest invocation (units.jest.config.js, platform.jest.config.js). Each project keeps its own settings.
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const repositoryRoot = resolve(import.meta.dirname, '../../..');

export async function workspaceProjects(variable, displayName) {
  const folders = JSON.parse(process.env[variable] ?? '[]');
  if (!Array.isArray(folders) || folders.length === 0) throw new Error(`${variable} lists no workspace: run the tests through npm test`);
  const projects = [];
  for (const folder of folders) {
    const { default: config } = await import(pathToFileURL(join(folder, 'jest.config.js')).href);
    for (const project of config.projects ?? []) {
      if (project.displayName === displayName) projects.push({ ...project, displayName: `${displayName} ${relative(repositoryRoot, folder)}` });
    }
  }
  return projects;
}
