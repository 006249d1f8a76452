import { jestProjects } from '@pm/config/jest';

// The infrastructure library's own stack is exercised by packages/testing's stack test. Its platform tests (the demo
// account, src/demo/*.e2e-spec.ts) run on the browser journeys' platform, in the same jest pass.
export default jestProjects({
  rootDir: import.meta.dirname,
  integration: { globalSetup: undefined, globalTeardown: undefined },
  e2e: { testMatch: ['<rootDir>/src/**/*.e2e-spec.ts'] },
});
