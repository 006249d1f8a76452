import { jestProjects } from '@pm/config/jest';

// The AI runtime's integration tests need the models from the cache, not PostgreSQL/NATS/MinIO/Temporal: no global setup.
export default jestProjects({ rootDir: import.meta.dirname, integration: { globalSetup: undefined, globalTeardown: undefined } });
