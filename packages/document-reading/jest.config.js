import { jestProjects } from '@pm/config/jest';

// The integration tests drive LibreOffice, poppler and Tesseract on local files: no PostgreSQL, NATS or MinIO, so
// the shared infrastructure set-up is left out.
export default jestProjects({ rootDir: import.meta.dirname, integration: { globalSetup: undefined, globalTeardown: undefined } });
