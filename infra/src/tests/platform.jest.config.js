// Every workspace's `e2e` project (web's browser journeys, infra's demo-account checks) in one jest invocation, so
// that they share one platform: jest runs a global setup once however many projects name it, and each e2e project
// names packages/testing's platform setup. The workspaces come from run-tests.ts (PM_E2E_WORKSPACES, a JSON list of
// folders), as for the unit pass (units.jest.config.js).
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '../../..');
const folders = JSON.parse(process.env['PM_E2E_WORKSPACES'] ?? '[]');
if (!Array.isArray(folders) || folders.length === 0) throw new Error('PM_E2E_WORKSPACES lists no workspace: run the tests through npm test');

const projects = [];
for (const folder of folders) {
  const { default: config } = await import(pathToFileURL(join(folder, 'jest.config.js')).href);
  for (const project of config.projects ?? []) {
    if (project.displayName === 'e2e') projects.push({ ...project, displayName: `e2e ${relative(root, folder)}` });
  }
}

export default {
  rootDir: root,
  // One platform and one demo account for all: the files run one at a time, in the order the sequencer gives.
  maxWorkers: 1,
  testSequencer: join(import.meta.dirname, 'platform-test-sequencer.js'),
  projects,
};
