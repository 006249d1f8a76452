import { migrateService } from '@pm/nest-kit';
import { ensureDemoAccount } from './seed/demo-account.js';
import { identityService } from './service.js';

const schema = process.env['IDENTITY_SCHEMA'] ?? 'identity';
const applied = await migrateService({ ...identityService(), name: schema });
console.warn(applied.length ? `identity: applied ${applied.join(', ')}` : 'identity: schema up to date');
const demoPassword = process.env['DEMO_ACCOUNT_PASSWORD'];
if (demoPassword && process.env['DATABASE_URL']) {
  const created = await ensureDemoAccount(process.env['DATABASE_URL'], schema, demoPassword);
  console.warn(created ? 'identity: demo account demo@pm.local created' : 'identity: demo account present');
}
