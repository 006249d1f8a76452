// Web tests run in jsdom. The environment adds the platform's fetch/streams (see test/browser.environment.js), so
// components and the data layer are exercised through real Request/Response objects rather than hand-made fakes.
import { jestProjects } from '@pm/config/jest';

const rootDir = import.meta.dirname;

// jsdom tests are CPU-bound and independent of each other: two workers use both cores, where jest's default on a
// two-core machine (cores - 1) runs them all in one process beside an idle core. The browser journeys share one
// platform and its demo account: they stay one at a time.
const journeys = process.argv.includes('--selectProjects') && process.argv.includes('e2e');

export default {
  maxWorkers: journeys ? 1 : 2,
  ...jestProjects({
    rootDir,
    integration: false,
    e2e: true,
    unit: {
      testEnvironment: '<rootDir>/test/browser.environment.js',
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
      setupFiles: ['<rootDir>/test/browser-apis.setup.js'],
      setupFilesAfterEnv: ['<rootDir>/test/slow-dom.setup.js'],
      moduleNameMapper: {
        '^(\\.{1,2}/.*)\\.js$': '$1',
        '\\.css$': '<rootDir>/test/style.stub.js',
      },
    },
  }),
};
