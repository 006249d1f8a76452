import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { jest } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { createTestSchema, freePort, startTestTokenIssuer, testEnv, waitFor, type TestTokenIssuer } from '@pm/testing';
import { startTestBff } from './support/start-test-bff.js';

/*
 * Idempotency-Key through the BFF's contract router to a real portfolio service (its built dist, started as its own
 * process on a schema of this file): the header is checked, forwarded and honoured on creating calls only, and the
 * answers are the API's one error shape.
 */

jest.setTimeout(90_000);

const portfolioDir = resolve(import.meta.dirname, '../../services/portfolio');
let portfolio: ChildProcess;
let app: INestApplication;
let baseUrl: string;
let tokens: TestTokenIssuer;
let dropSchema: () => Promise<void>;

function run(script: string, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, [script], { cwd: portfolioDir, env, stdio: ['ignore', 'inherit', 'inherit'] });
}

beforeAll(async () => {
  const stack = testEnv();
  tokens = await startTestTokenIssuer();
  const created = await createTestSchema('bff_portfolio');
  dropSchema = created.dropSchema;
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env['PATH'],
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HTTP_PORT: String(port),
    PORTFOLIO_SCHEMA: created.schema,
    DATABASE_URL: stack.DATABASE_URL,
    NATS_URL: stack.NATS_URL,
    JWKS_URL: tokens.jwksUrl,
    JWT_ISSUER: tokens.issuer,
    JWT_AUDIENCE: tokens.audience,
    SMTP_URL: stack.SMTP_URL,
    PUBLIC_WEB_URL: 'http://127.0.0.1:3000',
  };
  const migrate = run('dist/migrate.js', env);
  expect(await new Promise<number | null>((done) => migrate.on('exit', done))).toBe(0);
  portfolio = run('dist/main.js', env);
  await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/health/ready`).catch(() => undefined))?.ok, {
    timeout: 30_000,
    description: 'portfolio ready',
  });
  ({ app, baseUrl } = await startTestBff(tokens));
});

afterAll(async () => {
  await app?.close();
  if (portfolio && portfolio.exitCode === null) {
    const exited = new Promise((done) => portfolio.once('exit', done));
    portfolio.kill('SIGTERM');
    await exited;
  }
  await dropSchema?.();
  await tokens?.close();
});

interface Manager {
  authorization: string;
  locationId: string;
  unitId: string;
}

async function api(path: string, authorization: string, init: { method?: string; body?: unknown; key?: string } = {}) {
  const headers: Record<string, string> = { authorization, 'content-type': 'application/json' };
  if (init.key !== undefined) headers['idempotency-key'] = init.key;
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function manager(): Promise<Manager> {
  const authorization = `Bearer ${await tokens.sign(`usr_${randomUUID()}`, { account_type: 'property_manager' })}`;
  const location = await api('property-location', authorization, {
    method: 'POST',
    body: { address_text: '12 Elm Street, Springfield, IL 62701', type: 'MULTI_UNIT', declared_units_count: 6, is_rental_property: true },
  });
  expect(location.status).toBe(201);
  const building = await api('building', authorization, {
    method: 'POST',
    body: { name: 'Building A', property_location_id: location.body['id'], address_text: '12 Elm Street' },
  });
  const unit = await api('unit', authorization, { method: 'POST', body: { name: 'Unit 1A', building_id: building.body['id'] } });
  expect(unit.status).toBe(201);
  return { authorization, locationId: location.body['id'] as string, unitId: unit.body['id'] as string };
}

const tenant = (m: Manager, fullName = 'Jordan Lee') => ({ full_name: fullName, unit_id: m.unitId, location_id: m.locationId, contacts: [] });

function postTenant(m: Manager, key: string | undefined, body: unknown = tenant(m)) {
  return api('tenant', m.authorization, { method: 'POST', body, key });
}

async function tenantsOf(m: Manager): Promise<number> {
  const page = await api(`tenant/all?unit_id=${m.unitId}`, m.authorization);
  expect(page.status).toBe(200);
  return page.body['total'] as number;
}

describe('Idempotency-Key through the BFF', () => {
  it('a retried POST tenant answers 201 with the first tenant and creates one', async () => {
    const m = await manager();
    const key = randomUUID();
    const first = await postTenant(m, key);
    const retry = await postTenant(m, key);
    expect(first.status).toBe(201);
    expect(retry).toEqual(first);
    expect(await tenantsOf(m)).toBe(1);
  });

  it('the same key with a different body answers 422', async () => {
    const m = await manager();
    const key = randomUUID();
    expect((await postTenant(m, key)).status).toBe(201);
    expect(await postTenant(m, key, tenant(m, 'Casey Park'))).toEqual({
      status: 422,
      body: { statusCode: 422, message: 'This Idempotency-Key was already used for a different request.', code: 'idempotency_key_reused' },
    });
    expect(await tenantsOf(m)).toBe(1);
  });

  it('concurrent duplicates create one tenant: each answer is that tenant or 409', async () => {
    const m = await manager();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 4 }, () => postTenant(m, key)));
    const ids = new Set<unknown>();
    for (const answer of answers) {
      if (answer.status === 201) ids.add(answer.body['id']);
      else expect(answer).toMatchObject({ status: 409, body: { statusCode: 409, message: 'A request with this Idempotency-Key is still being processed. Retry it later.' } });
    }
    expect(ids.size).toBe(1);
    expect(await tenantsOf(m)).toBe(1);
  });

  it("another user's same key is independent", async () => {
    const one = await manager();
    const other = await manager();
    const key = 'retry-1';
    const mine = await postTenant(one, key);
    const theirs = await postTenant(other, key);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body['id']).not.toBe(mine.body['id']);
    expect(await tenantsOf(other)).toBe(1);
  });

  it('refuses a malformed key with 400 before anything reaches the service', async () => {
    const m = await manager();
    for (const [key, message] of [
      ['has space', 'Idempotency-Key may contain only visible ASCII characters (no spaces)'],
      ['k'.repeat(256), 'Idempotency-Key must be at most 255 characters'],
      ['', 'Idempotency-Key must not be empty'],
    ] as const) {
      expect(await postTenant(m, key)).toEqual({ status: 400, body: { statusCode: 400, message, code: 'bad_request' } });
    }
    expect(await tenantsOf(m)).toBe(0);
  });

  it('ignores the header on a call that is not a creation', async () => {
    const m = await manager();
    const created = await postTenant(m, undefined);
    const update = await api(`tenant/${created.body['id'] as string}`, m.authorization, { method: 'PUT', body: { full_name: 'Jordan Park', contacts: [] }, key: 'not a key' });
    expect(update.status).toBe(200);
    expect(update.body['full_name']).toBe('Jordan Park');
  });

  it('documents the header, 409 and 422 on creating calls only', async () => {
    const document = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; responses: Record<string, unknown> }>>;
    };
    const create = document.paths['/api/tenant']!['post']!;
    expect(create.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Idempotency-Key', in: 'header' })]));
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['201', '400', '409', '422']));
    const update = document.paths['/api/tenant/{id}']!['put']!;
    expect(update.parameters?.map((p) => p.name)).not.toContain('Idempotency-Key');
  });
});
