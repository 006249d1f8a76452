import { jestProjects } from '@pm/config/jest';

// The AI runtime's integration tests need the models from the cache, not PostgreSQL/NATS/MinIO/Temporal: no global
// setup. Their environment shares the main realm's typed arrays with onnxruntime's native code (see the file).
export default jestProjects({
  rootDir: import.meta.dirname,
  integration: {
    globalSetup: undefined,
    globalTeardown: undefined,
    testEnvironment: '<rootDir>/test/native-typed-arrays.environment.js',
  },
});
