import { jestProjects } from '@pm/config/jest';

// The ledger's rules are unit tests; Stripe's webhooks into the ledger run on the test stack's PostgreSQL.
export default jestProjects({ rootDir: import.meta.dirname });
