import { z } from 'zod';
import { authEnv, databaseEnv, natsEnv, processEnv } from './env-schemas.js';
import { ConfigError, loadConfig } from './load-config.js';

const schema = processEnv.extend(databaseEnv.shape).extend(natsEnv.shape).extend(authEnv.shape);

describe('loadConfig', () => {
  it('parses and coerces a good environment, with defaults', () => {
    const config = loadConfig(schema, {
      HTTP_PORT: '3101',
      DATABASE_URL: 'postgres://pm:secret@127.0.0.1:5432/pm',
      NATS_URL: 'nats://127.0.0.1:4222',
      JWKS_URL: 'http://127.0.0.1:3101/.well-known/jwks.json',
      JWT_ISSUER: 'pm-identity',
      JWT_AUDIENCE: 'pm-platform',
    });
    expect(config).toMatchObject({ HTTP_PORT: 3101, NODE_ENV: 'development', LOG_LEVEL: 'info', HTTP_HOST: '127.0.0.1' });
  });

  it('lists every bad variable at once, naming missing ones as missing', () => {
    let error: unknown;
    try {
      loadConfig(schema, { HTTP_PORT: 'eighty', DATABASE_URL: 'mysql://x', NATS_URL: 'nats://a, http://b', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(
      ['DATABASE_URL', 'HTTP_PORT', 'JWKS_URL', 'JWT_AUDIENCE', 'JWT_ISSUER', 'LOG_LEVEL', 'NATS_URL'].sort(),
    );
    expect(problems.find((p) => p.startsWith('JWKS_URL'))).toMatch(/missing/);
    expect(problems.find((p) => p.startsWith('DATABASE_URL'))).toMatch(/postgres or postgresql URL/);
    expect((error as Error).message).toContain('Invalid configuration');
  });

  it('accepts an extended service schema', () => {
    const own = z.object({ MAIL_DOMAIN: z.string().min(3) });
    expect(() => loadConfig(own, {})).toThrow(/MAIL_DOMAIN: missing/);
  });
});
