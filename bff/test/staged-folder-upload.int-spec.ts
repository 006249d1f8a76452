import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { jest } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/nats-core';
import { ListStagedFiles, PropertyLocationCreated, StagedFolderUploadEventSchema, type StagedFolderUploadEvent } from '@pm/contracts';
import { connectNats, EventPublisher, RpcClient } from '@pm/messaging';
import { createTestSchema, freePort, startTestTokenIssuer, testEnv, waitFor, type TestSchema, type TestTokenIssuer } from '@pm/testing';
import { startTestBff } from './support/start-test-bff.js';

jest.setTimeout(240_000);

/**
 * The streamed folder upload of staged cloud-drive files, through the BFF to the vault (its built dist, on a schema of
 * its own, with a local staging folder), on the test stack's NATS, MinIO and PostgreSQL: `data:` events per file,
 * `file_error` for one that fails while the rest go on, `[DONE]` at the end, and plain HTTP errors for bad input.
 */
const vaultDir = resolve(import.meta.dirname, '../../services/vault');
let tokens: TestTokenIssuer;
let bff: { app: INestApplication; baseUrl: string };
let vault: ChildProcess | undefined;
let schema: TestSchema;
let stagingDir: string;
let nc: NatsConnection;
const owner = `usr_${randomUUID()}`;
const locationId = randomUUID();
const pdf = (text: string): Buffer => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

async function stage(account: string, path: string, bytes: Buffer): Promise<void> {
  const file = join(stagingDir, account, ...path.split('/'));
  await mkdir(join(file, '..'), { recursive: true });
  await writeFile(file, bytes);
}

async function folderUpload(as: string, body: unknown): Promise<{ status: number; type: string | null; lines: string[] }> {
  const response = await fetch(`${bff.baseUrl}/api/document/google-drive/stream-staged-folder-upload`, {
    method: 'POST',
    headers: { authorization: await tokens.bearer(as), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type'), lines: text.split('\n').filter((line) => line.startsWith('data: ')).map((line) => line.slice(6)) };
}

const events = (lines: string[]): StagedFolderUploadEvent[] => lines.slice(0, -1).map((line) => StagedFolderUploadEventSchema.parse(JSON.parse(line)));

beforeAll(async () => {
  const stack = testEnv();
  tokens = await startTestTokenIssuer();
  stagingDir = await mkdtemp(join(tmpdir(), 'bff-staging-'));
  schema = await createTestSchema('bff_staged_vault');
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env['PATH'],
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HTTP_PORT: String(port),
    DATABASE_URL: stack.DATABASE_URL,
    NATS_URL: stack.NATS_URL,
    JWKS_URL: tokens.jwksUrl,
    JWT_ISSUER: tokens.issuer,
    JWT_AUDIENCE: tokens.audience,
    MINIO_ENDPOINT: stack.MINIO_ENDPOINT,
    MINIO_ACCESS_KEY: stack.MINIO_ACCESS_KEY,
    MINIO_SECRET_KEY: stack.MINIO_SECRET_KEY,
    MINIO_BUCKET: stack.MINIO_BUCKET,
    VAULT_SCHEMA: schema.schema,
    CLOUD_DRIVE_PROVIDER: 'local',
    VAULT_STAGING_DIR: stagingDir,
  };
  const migrate = spawn(process.execPath, ['dist/migrate.js'], { cwd: vaultDir, env, stdio: ['ignore', 'inherit', 'inherit'] });
  expect(await new Promise((done) => migrate.once('exit', done))).toBe(0);
  vault = spawn(process.execPath, ['dist/main.js'], { cwd: vaultDir, env, stdio: ['ignore', 'inherit', 'inherit'] });
  await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/health/ready`).catch(() => undefined))?.ok, { timeout: 60_000, description: 'vault ready' });
  bff = await startTestBff(tokens);

  nc = await connectNats({ servers: stack.NATS_URL, name: 'bff-staged-folder-test' });
  await new EventPublisher(nc).publish(PropertyLocationCreated, {
    locationId,
    accountId: owner,
    ownerUserId: owner,
    name: '8 Harbor View',
    addressText: '8 Harbor View, Portland, ME 04101',
    type: 'MULTI_UNIT',
    declaredUnitsCount: 12,
    isRentalProperty: true,
  });
  const documents = `${bff.baseUrl}/api/vault/documents?property_location_id=${locationId}`;
  const authorization = await tokens.bearer(owner);
  await waitFor(async () => (await fetch(documents, { headers: { authorization } })).ok, { timeout: 30_000, description: 'vault knows the location' });
});

afterAll(async () => {
  await bff?.app.close();
  await nc?.close();
  if (vault && vault.exitCode === null) {
    const exited = new Promise((done) => vault!.once('exit', done));
    vault.kill('SIGTERM');
    await exited;
  }
  await schema?.dropSchema();
  await tokens?.close();
  await rm(stagingDir, { recursive: true, force: true });
});

describe('POST document/google-drive/stream-staged-folder-upload', () => {
  it('assigns every staged file of the folder and its subfolders, one event each, a file_error for one that fails, then [DONE]', async () => {
    await stage(owner, 'Move-in/lease.pdf', pdf(`lease ${Date.now()}`));
    await stage(owner, 'Move-in/photos/kitchen.png', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('kitchen'.padEnd(64, '.'))]));
    await stage(owner, 'Move-in/notes.txt', Buffer.from('keys are with the concierge'));
    await stage(owner, 'Move-out/deposit.pdf', pdf(`deposit ${Date.now()}`));

    const { status, type, lines } = await folderUpload(owner, { folderPath: 'Move-in', locationId });
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/event-stream/);
    expect(lines.at(-1)).toBe('[DONE]');
    const stream = events(lines);
    expect(stream.map((event) => event.status)).toEqual(['starting', 'processing', 'file_error', 'processing', 'completed']);
    expect(stream[2]).toMatchObject({ file_name: 'notes.txt', message: expect.stringMatching(/^notes\.txt: This file type is not recognised/) });
    expect(stream.at(-1)).toMatchObject({ progress: 100, processed: 2, failed: 1 });

    // What failed stays staged (the panel shows it again); the other folder was not touched.
    const rpc = new RpcClient(nc);
    const left = (await rpc.request(ListStagedFiles, {}, { authorization: await tokens.bearer(owner) })).staged_files.map((file) => file.original_name).sort();
    expect(left).toEqual(['deposit.pdf', 'notes.txt']);
  });

  it("answers 404 before any stream for another account's location, with files or without, leaving their files staged", async () => {
    const stranger = `usr_${randomUUID()}`;
    const empty = await folderUpload(stranger, { folderPath: '', locationId });
    expect(empty).toMatchObject({ status: 404, type: expect.stringMatching(/^application\/json/), lines: [] });
    await stage(stranger, 'Scans/id.pdf', pdf(`id ${Date.now()}`));
    const refused = await fetch(`${bff.baseUrl}/api/document/google-drive/stream-staged-folder-upload`, {
      method: 'POST',
      headers: { authorization: await tokens.bearer(stranger), 'content-type': 'application/json' },
      body: JSON.stringify({ folderPath: 'Scans', locationId }),
    });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ statusCode: 404, message: 'Property location not found' });
    const rpc = new RpcClient(nc);
    expect((await rpc.request(ListStagedFiles, {}, { authorization: await tokens.bearer(stranger) })).staged_files.map((file) => file.original_name)).toEqual(['id.pdf']);
  });

  it('refuses a body without a location or with control characters as a 400 before any stream', async () => {
    expect((await folderUpload(owner, { folderPath: 'Move-in' })).status).toBe(400);
    const control = await folderUpload(owner, { folderPath: 'Move\u0000in', locationId });
    expect(control).toMatchObject({ status: 400, type: expect.stringMatching(/^application\/json/) });
  });
});
