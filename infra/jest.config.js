import { jestProjects } from '@pm/config/jest';

// The infrastructure library's own stack is exercised by packages/testing's stack test. Its integration tests start
// the whole platform themselves (infra's e2e profile), so they need none of the shared test infrastructure.
export default jestProjects({ rootDir: import.meta.dirname, integration: { globalSetup: undefined, globalTeardown: undefined } });
