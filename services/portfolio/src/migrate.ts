import { migrateService } from '@pm/nest-kit';
import { portfolioService } from './service.js';

const applied = await migrateService(portfolioService);
console.warn(applied.length ? `portfolio: applied ${applied.join(', ')}` : 'portfolio: schema up to date');
