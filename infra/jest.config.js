import { jestProjects } from '@pm/config/jest';

// The infrastructure library has no integration project of its own: packages/testing's stack test exercises it.
export default jestProjects({ rootDir: import.meta.dirname, integration: false });
