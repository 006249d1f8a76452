import { migrateService } from '@pm/nest-kit';
import { portfolioService } from './service.js';

const schema = process.env['PORTFOLIO_SCHEMA'] ?? 'portfolio';
const applied = await migrateService({ ...portfolioService(), name: schema });
console.warn(applied.length ? `portfolio: applied ${applied.join(', ')}` : 'portfolio: schema up to date');
