import { startService } from '@pm/nest-kit';
import { assistantEnv } from './config/assistant-env.js';
import { assistantService } from './service.js';

await startService(assistantEnv, assistantService, { name: 'assistant' });
