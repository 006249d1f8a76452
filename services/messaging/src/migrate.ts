import { migrateService } from '@pm/nest-kit';
import { messagingService } from './service.js';

const schema = process.env['MESSAGING_SCHEMA'] ?? 'messaging';
const applied = await migrateService({ ...messagingService(), name: schema });
console.warn(applied.length ? `messaging: applied ${applied.join(', ')}` : 'messaging: schema up to date');
