import { startService } from '@pm/nest-kit';
import { vaultEnv } from './config/vault-env.js';
import { vaultService } from './service.js';

await startService(vaultEnv, vaultService, { name: 'vault' });
