// Web tests run in jsdom. The environment adds the platform's fetch/streams (see test/browser.environment.js), so
// components and the data layer are exercised through real Request/Response objects rather than hand-made fakes.
import { jestProjects } from '@pm/config/jest';

const rootDir = import.meta.dirname;

// nwsapi (jsdom's selector engine) is pinned to 2.2.24 in package.json. From 2.2.25 on it keeps only the last 1,000
// compiled selectors, and antd's CSS-in-JS puts more rules than that in the document: jsdom matches every rule for each
// getComputedStyle, which Testing Library calls on every role and name query, so each call recompiled every selector.
// Profiles showed three quarters of a test's time there; with 2.2.24's unbounded cache a vault menu test went from
// 55 s to 9 s. Bump it only together with a look at that cache.

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
        // The app reads antd's App context by its ES module path (app/feedback/AppFeedback.tsx); jest loads antd as
        // CommonJS (lib/), whose copy of the context is the one antd's components read here.
        '^antd/es/app/context$': '<rootDir>/test/antd-app-context.js',
      },
    },
  }),
};
