// Writes bff/openapi.json from the controllers, without connecting to anything. The web app's API layer is checked
// against this file; a test fails when it is stale.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { bffEnv } from './config/env.js';
import { createBff, openApiDocument } from './create-bff.js';
import { loadConfig } from '@pm/nest-kit';

export const OPENAPI_FILE = resolve(import.meta.dirname, '../openapi.json');

export async function generateOpenApi(): Promise<string> {
  const config = loadConfig(bffEnv, {
    HTTP_PORT: '0',
    NATS_URL: 'nats://127.0.0.1:1',
    JWKS_URL: 'http://127.0.0.1:1/jwks.json',
    JWT_ISSUER: 'openapi',
    JWT_AUDIENCE: 'openapi',
    MINIO_ENDPOINT: '127.0.0.1:1',
    MINIO_ACCESS_KEY: 'openapi',
    MINIO_SECRET_KEY: 'openapi',
    MINIO_BUCKET: 'openapi',
  });
  const app = await createBff(config, { preview: true });
  const document = openApiDocument(app);
  await app.close();
  // Invisible characters (the text patterns name a few beyond the BMP as themselves) are written as JSON escapes.
  const escape = (char: string) => Array.from({ length: char.length }, (_, i) => `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');
  const json = JSON.stringify(document, null, 2).replace(/\p{Cf}/gu, escape);
  return `${json}\n`;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  writeFileSync(OPENAPI_FILE, await generateOpenApi());
  console.warn(`wrote ${OPENAPI_FILE}`);
}
