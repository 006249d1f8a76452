import { jestProjects } from '@pm/config/jest';

// `npm run bench:vault-pipeline`: the integration project's setup (real PostgreSQL, NATS, MinIO) for the pipeline's
// benchmark under bench/, which prints figures and asserts nothing, so it is never part of the tests.
const { projects } = jestProjects({ rootDir: import.meta.dirname, integration: { displayName: 'bench', testMatch: ['<rootDir>/bench/**/*.bench.ts'] } });
export default { projects: projects.filter((project) => project.displayName === 'bench'), maxWorkers: 1 };
