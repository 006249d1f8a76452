import { startService } from '@pm/nest-kit';
import { identityService } from './service.js';

await startService(identityService);
