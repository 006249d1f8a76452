import { startService } from '@pm/nest-kit';
import { portfolioService } from './service.js';

await startService(portfolioService);
