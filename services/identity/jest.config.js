import { jestProjects } from '@pm/config/jest';

// One test file at a time: each integration file starts an identity service, and every identity answers the same
// request subjects, so two at once would answer each other's requests (rate limits and sessions live in each one's schema).
export default { ...jestProjects({ rootDir: import.meta.dirname }), maxWorkers: 1 };
