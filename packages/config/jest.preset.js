// The one jest setup every workspace uses: native ESM (node --experimental-vm-modules), TypeScript through swc
// with legacy decorators and their metadata (NestJS DI needs it), workspace packages resolved to their sources.
// Two projects: `unit` (no infrastructure) and `integration` (real PostgreSQL/NATS/MinIO/Temporal started once
// by @pm/testing's global setup).
import { fileURLToPath } from 'node:url';

const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2024',
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      keepClassNames: true,
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

const shared = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  // Workspace packages are symlinked into node_modules; their sources are transformed, third-party code is not.
  transformIgnorePatterns: ['/node_modules/(?!@pm/)'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testEnvironment: 'node',
  testEnvironmentOptions: { customExportConditions: ['development', 'node'] },
};

const globalSetup = fileURLToPath(new URL('../testing/src/global-setup.ts', import.meta.url));
const globalTeardown = fileURLToPath(new URL('../testing/src/global-teardown.ts', import.meta.url));
const platformSetup = fileURLToPath(new URL('../testing/src/platform/platform.global-setup.ts', import.meta.url));
const platformTeardown = fileURLToPath(new URL('../testing/src/platform/platform.global-teardown.ts', import.meta.url));
const journeyTimeout = fileURLToPath(new URL('../testing/src/platform/journey-timeout.setup.ts', import.meta.url));
const journeyEnvironment = fileURLToPath(new URL('./journey.environment.js', import.meta.url));

/**
 * `e2e`: platform tests (files under `e2e/` named `*.e2e-spec.ts`, unless `e2e` is an object of settings that says
 * otherwise): browser journeys in Playwright driving Debian's Chromium, and checks through the BFF, against the whole
 * platform, started once by the orchestrator's e2e profile. npm test runs every workspace's e2e project in one jest
 * invocation (infra/src/tests/platform.jest.config.js), so all of them share that one platform.
 *
 * @param {{ rootDir: string, unit?: object, integration?: object | false, e2e?: boolean | object }} options
 */
export function jestProjects({ rootDir, unit = {}, integration = {}, e2e = false }) {
  const projects = [
    { ...shared, displayName: 'unit', rootDir, testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'], ...unit },
  ];
  if (integration !== false) {
    projects.push({
      ...shared,
      displayName: 'integration',
      rootDir,
      testMatch: ['<rootDir>/src/**/*.int-spec.ts', '<rootDir>/test/**/*.int-spec.ts'],
      globalSetup,
      globalTeardown,
      ...integration,
    });
  }
  if (e2e) {
    projects.push({
      ...shared,
      displayName: 'e2e',
      rootDir,
      testMatch: ['<rootDir>/e2e/**/*.e2e-spec.ts'],
      testEnvironment: journeyEnvironment,
      globalSetup: platformSetup,
      globalTeardown: platformTeardown,
      setupFilesAfterEnv: [journeyTimeout],
      ...(typeof e2e === 'object' ? e2e : {}),
    });
  }
  return { projects };
}
