import { jestProjects } from '@pm/config/jest';

// One test file at a time: each integration file starts the vault service, whose NATS queue group and durable
// consumer names are fixed, so two at once would take each other's events.
export default { ...jestProjects({ rootDir: import.meta.dirname }), maxWorkers: 1 };
