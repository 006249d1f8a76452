import type { INestApplication } from '@nestjs/common';
import { loadConfig } from '@pm/nest-kit';
import { testEnv, type TestTokenIssuer } from '@pm/testing';
import { bffEnv } from '../../src/config/env.js';
import { createBff } from '../../src/create-bff.js';

/** The BFF's settings for a test: the test NATS and MinIO, tokens of the given test issuer. */
export function testBffEnv(tokens: TestTokenIssuer, env: Record<string, string> = {}): Record<string, string> {
  const stack = testEnv();
  return {
    HTTP_PORT: '0',
    LOG_LEVEL: 'silent',
    NATS_URL: process.env.NATS_URL!,
    JWKS_URL: tokens.jwksUrl,
    JWT_ISSUER: tokens.issuer,
    JWT_AUDIENCE: tokens.audience,
    MINIO_ENDPOINT: stack.MINIO_ENDPOINT,
    MINIO_ACCESS_KEY: stack.MINIO_ACCESS_KEY,
    MINIO_SECRET_KEY: stack.MINIO_SECRET_KEY,
    MINIO_BUCKET: stack.MINIO_BUCKET,
    ...env,
  };
}

/** The BFF on a free loopback port, on the test NATS and MinIO, verifying tokens of the given test issuer. */
export async function startTestBff(tokens: TestTokenIssuer, env: Record<string, string> = {}): Promise<{ app: INestApplication; baseUrl: string }> {
  const config = loadConfig(bffEnv, testBffEnv(tokens, env));
  const app = await createBff(config);
  await app.listen(0, '127.0.0.1');
  return { app, baseUrl: await app.getUrl() };
}
