import { migrateService } from '@pm/nest-kit';
import { paymentsService } from './service.js';

const schema = process.env['PAYMENTS_SCHEMA'] ?? 'payments';
const applied = await migrateService({ ...paymentsService(), name: schema });
console.warn(applied.length ? `payments: applied ${applied.join(', ')}` : 'payments: schema up to date');
