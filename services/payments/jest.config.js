import { jestProjects } from '@pm/config/jest';

// The ledger's rules are plain functions: unit tests only until the service around them has its calls.
export default jestProjects({ rootDir: import.meta.dirname, integration: false });
