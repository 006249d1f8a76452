import { startService } from '@pm/nest-kit';
import { identityEnv } from './config/identity-env.js';
import { identityService } from './service.js';

await startService(identityEnv, identityService, { name: 'identity' });
