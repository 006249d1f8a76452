import { migrateService } from '@pm/nest-kit';
import { vaultService } from './service.js';

const schema = process.env['VAULT_SCHEMA'] ?? 'vault';
const applied = await migrateService({ ...vaultService(), name: schema });
console.warn(applied.length ? `vault: applied ${applied.join(', ')}` : 'vault: schema up to date');
