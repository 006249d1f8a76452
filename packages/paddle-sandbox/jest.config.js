import { jestProjects } from '@pm/config/jest';

export default jestProjects({ rootDir: import.meta.dirname, integration: false });
