import { startService } from '@pm/nest-kit';
import { messagingEnv } from './config/messaging-env.js';
import { messagingService } from './service.js';

await startService(messagingEnv, messagingService, { name: 'messaging' });
