// Every workspace's `unit` project in one jest invocation (npm test's first pass), so the cores are in use across
// workspaces instead of one small jest start per workspace. The workspaces come from run-tests.ts
// (PM_UNIT_WORKSPACES); each project keeps its own settings (web's jsdom environment and setup files, the shared
// transform) and is named after its folder.
import { availableParallelism } from 'node:os';
import { repositoryRoot, workspaceProjects } from './workspace-projects.js';

export default { rootDir: repositoryRoot, maxWorkers: Math.max(1, availableParallelism()), projects: await workspaceProjects('PM_UNIT_WORKSPACES', 'unit') };
