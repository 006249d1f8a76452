// Every workspace's `e2e` project (web's browser journeys, infra's demo-account checks) in one jest invocation, so
// that they share one platform: jest runs a global setup once however many projects name it, and each e2e project
// names packages/testing's platform setup. The workspaces come from run-tests.ts (PM_E2E_WORKSPACES), as for the
// unit pass (units.jest.config.js).
import { join } from 'node:path';
import { repositoryRoot, workspaceProjects } from './workspace-projects.js';

export default {
  rootDir: repositoryRoot,
  // One platform and one demo account for all: the files run one at a time, in the order the sequencer gives.
  maxWorkers: 1,
  testSequencer: join(import.meta.dirname, 'platform-test-sequencer.js'),
  projects: await workspaceProjects('PM_E2E_WORKSPACES', 'e2e'),
};
