import { jestProjects } from '@pm/config/jest';

export default jestProjects({
  rootDir: import.meta.dirname,
  // The five services the API tests run on, started once per jest run and shared by every file (test/support/start-test-platform.ts).
  integration: { globalSetup: '<rootDir>/test/support/platform.global-setup.ts', globalTeardown: '<rootDir>/test/support/platform.global-teardown.ts' },
});
