import { loadConfig } from '@pm/nest-kit';
import { bffEnv } from './config/env.js';
import { createBff } from './create-bff.js';

const config = loadConfig(bffEnv);
const app = await createBff(config);
await app.listen(config.HTTP_PORT, config.HTTP_HOST);
