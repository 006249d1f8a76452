import { startService } from '@pm/nest-kit';
import { portfolioEnv } from './config/portfolio-env.js';
import { portfolioService } from './service.js';

await startService(portfolioEnv, portfolioService, { name: 'portfolio' });
