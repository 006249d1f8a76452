import { migrateService } from '@pm/nest-kit';
import { assistantService } from './service.js';

const schema = process.env['ASSISTANT_SCHEMA'] ?? 'assistant';
const applied = await migrateService({ ...assistantService(), name: schema });
console.warn(applied.length ? `assistant: applied ${applied.join(', ')}` : 'assistant: schema up to date');
