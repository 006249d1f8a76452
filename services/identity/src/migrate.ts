import { migrateService } from '@pm/nest-kit';
import { identityService } from './service.js';

const applied = await migrateService(identityService);
console.warn(applied.length ? `identity: applied ${applied.join(', ')}` : 'identity: schema up to date');
