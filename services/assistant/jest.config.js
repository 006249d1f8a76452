import { fileURLToPath } from 'node:url';
import { jestProjects } from '@pm/config/jest';

// The integration tests run the local embedding model (onnxruntime-node), which needs the main realm's typed arrays:
// the AI runtime's test environment, reused rather than copied.
const nativeTypedArrays = fileURLToPath(new URL('../../packages/ai/test/native-typed-arrays.environment.js', import.meta.url));

// One test file at a time: each integration file starts the assistant service, whose NATS queue group and durable
// consumer names are fixed, so two at once would take each other's events.
export default { ...jestProjects({ rootDir: import.meta.dirname, integration: { testEnvironment: nativeTypedArrays } }), maxWorkers: 1 };
