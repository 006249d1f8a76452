import { existsSync } from 'node:fs';

/**
 * The infrastructure variables the integration global setup exports (the same names every process of the platform
 * reads; @pm/infra's StackEnv, repeated here so the published types of this package stay free of @pm/infra, whose
 * sources are TypeScript run by Node directly).
 */
export interface TestEnv {
  DATABASE_URL: string;
  NATS_URL: string;
  TEMPORAL_ADDRESS: string;
  TEMPORAL_NAMESPACE: string;
  MINIO_ENDPOINT: string;
  MINIO_ACCESS_KEY: string;
  MINIO_SECRET_KEY: string;
  MINIO_BUCKET: string;
  SMTP_URL: string;
  MAIL_UI_URL: string;
}

export const testEnvKeys = [
  'DATABASE_URL',
  'NATS_URL',
  'TEMPORAL_ADDRESS',
  'TEMPORAL_NAMESPACE',
  'MINIO_ENDPOINT',
  'MINIO_ACCESS_KEY',
  'MINIO_SECRET_KEY',
  'MINIO_BUCKET',
  'SMTP_URL',
  'MAIL_UI_URL',
] as const satisfies readonly (keyof TestEnv)[];

/** Typed access to the test infrastructure; fails with directions when the global setup has not run. */
export function testEnv(): TestEnv {
  const missing = testEnvKeys.filter((key) => !process.env[key]);
  if (missing.length > 0) {
    throw new Error(
      `${missing.join(', ')} not set: @pm/testing's global setup did not run. Integration tests must be *.int-spec.ts files ` +
        "in a workspace whose jest.config.js uses jestProjects() (project 'integration'); run them with --selectProjects integration or npm test.",
    );
  }
  return Object.fromEntries(testEnvKeys.map((key) => [key, process.env[key] as string])) as unknown as TestEnv;
}

/**
 * The installed time-skipping test server, for `TestWorkflowEnvironment.createTimeSkipping({ server: { executable:
 * { type: 'existing-path', path } } })`. Never the SDK's own download: tests do not fetch anything at run time.
 */
export function temporalTestServerPath(): string {
  const path = process.env['TEMPORAL_TEST_SERVER'];
  if (!path) {
    throw new Error("TEMPORAL_TEST_SERVER is not set: @pm/testing's global setup did not run (run this *.int-spec.ts file with --selectProjects integration)");
  }
  if (!existsSync(path)) throw new Error(`${path} is missing: run node infra/src/install.ts (it installs the Temporal test server with Maven)`);
  return path;
}

/** The installed schemathesis command (a virtualenv in the cache), for the OpenAPI conformance test. */
export function schemathesisPath(): string {
  const path = process.env['SCHEMATHESIS'];
  if (!path) throw new Error("SCHEMATHESIS is not set: @pm/testing's global setup did not run (run this *.int-spec.ts file with --selectProjects integration)");
  if (!existsSync(path)) throw new Error(`${path} is missing: run node infra/src/install.ts --for-tests (npm test does; it installs schemathesis from PyPI into a virtualenv)`);
  return path;
}

/** The installed stripe-mock (built by `go install` into the cache), for the payments service's request-shape test. */
export function stripeMockPath(): string {
  const path = process.env['STRIPE_MOCK'];
  if (!path) throw new Error("STRIPE_MOCK is not set: @pm/testing's global setup did not run (run this *.int-spec.ts file with --selectProjects integration)");
  if (!existsSync(path)) throw new Error(`${path} is missing: run node infra/src/install.ts --for-tests (npm test does; it builds stripe-mock with go install)`);
  return path;
}
