export { testEnv, testEnvKeys, type TestEnv } from './test-env.js';
export { createTestSchema, type TestSchema } from './test-schema.js';
export { waitFor, type WaitForOptions } from './wait-for.js';
export { freePort } from './free-port.js';
