import { startService } from '@pm/nest-kit';
import { paymentsEnv } from './config/payments-env.js';
import { paymentsService } from './service.js';

await startService(paymentsEnv, paymentsService, { name: 'payments' });
