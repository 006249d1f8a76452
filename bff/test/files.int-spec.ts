import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Controller, Get, Module, Post, Query, Req, Res, type INestApplication } from '@nestjs/common';
import { FileStore, SNIFFABLE_TYPES, type StoredFile } from '@pm/files';
import { CurrentPrincipal, type Principal } from '@pm/nest-kit';
import { startTestTokenIssuer, testEnv, waitFor, type TestTokenIssuer } from '@pm/testing';
import type { Request, Response } from 'express';
import { Client as MinioClient } from 'minio';
import { bffFeatures } from '../src/app.module.js';
import { FileDownloads } from '../src/files/file-downloads.js';
import { MultipartUploads } from '../src/files/multipart-upload.js';
import { startTestBff } from './support/start-test-bff.js';

const MB = 1024 * 1024;
const run = randomBytes(4).toString('hex');
const DOCS_PREFIX = `test/files-${run}`;
const SMALL_PREFIX = `test/files-small-${run}`;
const PDF_PREFIX = `test/files-pdf-${run}`;
const SMALL_LIMIT = 6 * MB;

// A full collection before each memory sample, so samples measure what is retained, not garbage awaiting collection.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Upload and download routes as the vault's and messaging's BFF controllers will write them (none exists yet). */
@Controller('files-probe')
class FilesProbeController {
  constructor(
    private readonly uploads: MultipartUploads,
    private readonly downloads: FileDownloads,
  ) {}

  @Post('documents')
  async documents(@Req() request: Request) {
    const { file, fileName, fields } = await this.uploads.receive(request, {
      prefix: DOCS_PREFIX,
      maxBytes: 25 * MB,
      accept: [SNIFFABLE_TYPES.pdf, SNIFFABLE_TYPES.png, SNIFFABLE_TYPES.docx],
    });
    return { ...file, fileName, fields };
  }

  @Post('small')
  async small(@Req() request: Request) {
    return (await this.uploads.receive(request, { prefix: SMALL_PREFIX, maxBytes: SMALL_LIMIT, accept: [SNIFFABLE_TYPES.pdf] })).file;
  }

  @Post('pdf-only')
  async pdfOnly(@Req() request: Request) {
    return (await this.uploads.receive(request, { prefix: PDF_PREFIX, maxBytes: 5 * MB, accept: [SNIFFABLE_TYPES.pdf] })).file;
  }

  @Get('download')
  async download(@Query('key') key: string, @Query('name') name: string, @Query('mode') mode: 'redirect' | 'stream', @Res() response: Response) {
    await this.downloads.send(response, key, { fileName: name, mode });
  }

  @Get('plain')
  plain(@CurrentPrincipal() principal: Principal) {
    return { userId: principal.userId };
  }
}
@Module({ controllers: [FilesProbeController] })
class FilesProbeModule {}

let app: INestApplication;
let baseUrl: string;
let tokens: TestTokenIssuer;
let minio: MinioClient;
let bucket: string;

beforeAll(async () => {
  tokens = await startTestTokenIssuer();
  const env = testEnv();
  const [host = '', port] = env.MINIO_ENDPOINT.split(':');
  minio = new MinioClient({ endPoint: host, port: Number(port), useSSL: false, accessKey: env.MINIO_ACCESS_KEY, secretKey: env.MINIO_SECRET_KEY });
  bucket = env.MINIO_BUCKET;
  bffFeatures.push(FilesProbeModule);
  ({ app, baseUrl } = await startTestBff(tokens));
});

afterAll(async () => {
  await app?.close();
  await tokens?.close();
  bffFeatures.splice(bffFeatures.indexOf(FilesProbeModule), 1);
});

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1d9b1b50000000049454e44ae426082', 'hex');
const pdf = (body = 'hello'): Buffer => Buffer.from(`%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n% ${body}\n%%EOF\n`);

interface Sent {
  status: number;
  body: Record<string, unknown>;
  sha256: string;
  /**
   * Peak growth of live V8 heap and of live Buffer memory while the upload ran, sampled after a full GC every 2 MB
   * (with `measureMemory`; 0 otherwise: the collections slow the sender down, which a refusal's drain must not wait on).
   */
  peakHeapGrowth: number;
  peakBufferGrowth: number;
}

/**
 * A multipart upload streamed from a generator (head, then random filler up to `size` bytes), so the test itself
 * never holds the file either: memory growth measured in this process is the BFF's.
 */
async function upload(
  path: string,
  file: { name: string; type: string; head: Buffer; size?: number },
  options: { fields?: Record<string, string>; token?: string; measureMemory?: boolean } = {},
): Promise<Sent> {
  const boundary = `----pm${randomBytes(8).toString('hex')}`;
  const hash = createHash('sha256');
  const total = file.size ?? file.head.length;
  if (options.measureMemory) collectGarbage();
  const baseline = process.memoryUsage();
  let peakHeap = 0;
  let peakBuffers = 0;
  const sample = (): void => {
    collectGarbage();
    // A second collection first finishes the sweeping of the first, which frees Buffer memory concurrently.
    collectGarbage();
    const now = process.memoryUsage();
    peakHeap = Math.max(peakHeap, now.heapUsed - baseline.heapUsed);
    peakBuffers = Math.max(peakBuffers, now.arrayBuffers - baseline.arrayBuffers);
  };
  async function* body(): AsyncGenerator<Buffer> {
    for (const [name, value] of Object.entries(options.fields ?? {})) {
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    }
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`);
    hash.update(file.head);
    yield file.head;
    for (let sent = file.head.length; sent < total; ) {
      const chunk = randomBytes(Math.min(64 * 1024, total - sent));
      hash.update(chunk);
      sent += chunk.length;
      if (options.measureMemory && sent % (2 * MB) < chunk.length) sample();
      yield chunk;
    }
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  const token = options.token ?? (await tokens.sign('user-1'));
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = httpRequest(`${baseUrl}/api/files-probe/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    void (async () => {
      try {
        for await (const chunk of body()) {
          if (req.destroyed || req.writableEnded) return;
          if (!req.write(chunk)) {
            await new Promise<void>((done) => {
              const settle = (): void => {
                req.off('drain', settle).off('close', settle);
                done();
              };
              req.on('drain', settle).on('close', settle);
            });
          }
        }
        req.end();
      } catch {
        // The server answered and closed early (a refused upload): the response carries the verdict.
      }
    })();
  });
  return { status, body: JSON.parse(text) as Record<string, unknown>, sha256: hash.digest('hex'), peakHeapGrowth: peakHeap, peakBufferGrowth: peakBuffers };
}

async function objectsUnder(prefix: string): Promise<{ objects: string[]; incomplete: string[] }> {
  const objects: string[] = [];
  for await (const item of minio.listObjectsV2(bucket, `${prefix}/`, true)) objects.push((item as { name: string }).name);
  const incomplete: string[] = [];
  // MinIO lists incomplete uploads by exact key or all of them (a prefix finds none): list all, then filter.
  for await (const item of minio.listIncompleteUploads(bucket, '', true)) {
    const { key } = item as { key: string };
    if (key.startsWith(`${prefix}/`)) incomplete.push(key);
  }
  return { objects, incomplete };
}

async function fetchObject(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await minio.getObject(bucket, key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('file uploads through the BFF into MinIO', () => {
  it('streams a 20 MB file without holding it: memory grows by a fraction of the file, the sha256 and bytes match', async () => {
    const size = 20 * MB;
    const sent = await upload('documents', { name: 'big.pdf', type: 'application/pdf', head: pdf('big'), size }, { measureMemory: true });
    expect(sent.status).toBe(201);
    const file = sent.body as unknown as StoredFile;
    expect(file).toMatchObject({ size, sha256: sent.sha256, contentType: 'application/pdf' });
    // A whole-file buffer would keep ≥ 20 MB alive in one of these. Streaming keeps the 5 MB part being filled, and
    // while a part is on its way to MinIO its bytes are alive too, beside the sending client's own chunks (this process
    // is both ends): 11 MB has been seen under load on CI, so the bound sits between that and the whole file.
    expect(sent.peakHeapGrowth).toBeLessThan(size / 4);
    expect(sent.peakBufferGrowth).toBeLessThan(size * 0.75);
    const stat = await minio.statObject(bucket, file.key);
    expect(stat.size).toBe(size);
    expect(stat.metaData['content-type']).toBe('application/pdf');
    expect((await objectsUnder(DOCS_PREFIX)).incomplete).toEqual([]);
    await app.get(FileStore).remove(file.key);
    await expect(minio.statObject(bucket, file.key)).rejects.toMatchObject({ code: 'NotFound' });
  }, 120_000);

  it('refuses a file over the limit with 413 while reading, leaving no object and no incomplete upload', async () => {
    const sent = await upload('small', { name: 'too-big.pdf', type: 'application/pdf', head: pdf('big'), size: 7 * MB });
    expect(sent.status).toBe(413);
    expect(sent.body).toMatchObject({ statusCode: 413, message: 'The file is larger than the limit of 6 MB.' });
    expect(await objectsUnder(SMALL_PREFIX)).toEqual({ objects: [], incomplete: [] });
  }, 60_000);

  it('answers a refusal once the sender has sent the rest of the body, so the 413 is read rather than reset away', async () => {
    const boundary = 'pmrefused';
    const token = await tokens.sign('user-1');
    const events: string[] = [];
    const answer = new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${baseUrl}/api/files-probe/small`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      req.on('response', (res) => {
        events.push('response');
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      void (async () => {
        req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n\r\n`);
        req.write(pdf('slow'));
        for (let sent = 0; sent < 6.5 * MB; sent += 256 * 1024) req.write(randomBytes(256 * 1024));
        // Past the 6 MB limit: the refusal is decided now, while the sender pauses before its last bytes.
        await new Promise((done) => setTimeout(done, 700));
        if (events.includes('response')) return;
        events.push('body sent');
        req.end(`\r\n--${boundary}--\r\n`);
      })();
    });
    expect(await answer).toBe(413);
    expect(events).toEqual(['body sent', 'response']);
    expect(await objectsUnder(SMALL_PREFIX)).toEqual({ objects: [], incomplete: [] });
  }, 60_000);

  it('aborts the MinIO upload when the sender drops the connection midway, leaving nothing', async () => {
    const boundary = 'pmdropped';
    const req = httpRequest(`${baseUrl}/api/files-probe/small`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await tokens.sign('user-1')}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    req.on('error', () => undefined);
    try {
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n`);
      req.write(pdf('dropped'));
      for (let sent = 0; sent < 5.5 * MB; sent += 256 * 1024) req.write(randomBytes(256 * 1024));
      // Past one part, so a multipart upload is open in MinIO: the drop must abort it.
      await waitFor(async () => (await objectsUnder(SMALL_PREFIX)).incomplete.length === 1, { timeout: 20_000, description: 'multipart upload started' });
    } finally {
      req.destroy();
    }
    await waitFor(async () => (await objectsUnder(SMALL_PREFIX)).incomplete.length === 0, { timeout: 20_000, description: 'multipart upload aborted' });
    expect((await objectsUnder(SMALL_PREFIX)).objects).toEqual([]);
  }, 60_000);

  it('sniffs the type from the bytes: a PNG named .pdf and sent as application/pdf is a PNG, refused where PNG is not accepted', async () => {
    const refused = await upload('pdf-only', { name: 'invoice.pdf', type: 'application/pdf', head: PNG });
    expect(refused.status).toBe(415);
    expect(refused.body).toMatchObject({ statusCode: 415, message: 'This file is a PNG image, which is not accepted here. Accepted: PDF.' });
    expect(await objectsUnder(PDF_PREFIX)).toEqual({ objects: [], incomplete: [] });

    const stored = await upload('documents', { name: 'invoice.pdf', type: 'application/pdf', head: PNG });
    expect(stored.status).toBe(201);
    expect(stored.body).toMatchObject({ contentType: 'image/png', size: PNG.length, sha256: createHash('sha256').update(PNG).digest('hex') });
    expect((await minio.statObject(bucket, stored.body['key'] as string)).metaData['content-type']).toBe('image/png');
  }, 30_000);

  it('refuses what it cannot recognise, whatever the client claims', async () => {
    const sent = await upload('documents', { name: 'notes.pdf', type: 'application/pdf', head: Buffer.from('#!/bin/sh\nrm -rf /\n') });
    expect(sent.status).toBe(415);
    expect(sent.body['message']).toBe('This file type is not recognised. Accepted: PDF, PNG image, Word document (.docx).');
  });

  it('never derives the key from the file name, and keeps the name (without directories) for the download', async () => {
    const name = '../../Étage 日本 (rent).pdf';
    const sent = await upload('documents', { name, type: 'text/plain', head: pdf('named') }, { fields: { note: 'März' } });
    expect(sent.status).toBe(201);
    const key = sent.body['key'] as string;
    expect(key.startsWith(`${DOCS_PREFIX}/`)).toBe(true);
    expect(key.slice(DOCS_PREFIX.length + 1)).toMatch(UUID_V7);
    expect(key).not.toMatch(/tage|rent|\.\./);
    expect(sent.body['fileName']).toBe('Étage 日本 (rent).pdf');
    expect(sent.body['fields']).toEqual({ note: 'März' });
    expect(await fetchObject(key)).toEqual(pdf('named'));
  });

  it.each([
    ['no file', (b: string) => `--${b}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n--${b}--\r\n`, 400, 'No file was sent (expected in the "file" field).'],
    [
      'two files',
      (b: string) =>
        `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.7 a\r\n` +
        `--${b}\r\nContent-Disposition: form-data; name="file"; filename="b.pdf"\r\n\r\n%PDF-1.7 b\r\n--${b}--\r\n`,
      400,
      'Send one file per request.',
    ],
    ['an empty file', (b: string) => `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n\r\n--${b}--\r\n`, 400, 'The file is empty.'],
  ])('answers %s with a clear 4xx', async (_case, build, status, message) => {
    const boundary = 'pmboundary';
    const response = await fetch(`${baseUrl}/api/files-probe/pdf-only`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await tokens.sign('user-1')}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: build(boundary),
    });
    expect(response.status).toBe(status);
    expect(((await response.json()) as { message: string }).message).toBe(message);
  });

  it('answers a body that is not multipart with 400', async () => {
    const response = await fetch(`${baseUrl}/api/files-probe/pdf-only`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await tokens.sign('user-1')}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe('Send the file as multipart/form-data.');
  });
});

describe('file downloads', () => {
  const name = 'Miete März "2026".pdf';
  const disposition = `attachment; filename="Miete M_rz _2026_.pdf"; filename*=UTF-8''Miete%20M%C3%A4rz%20%222026%22.pdf`;
  let key: string;

  beforeAll(async () => {
    const sent = await upload('documents', { name: 'rent.pdf', type: 'application/pdf', head: pdf('download me') });
    key = sent.body['key'] as string;
  });

  it('redirects to a presigned MinIO URL that returns the same bytes with the Content-Disposition', async () => {
    const token = await tokens.sign('user-1');
    const response = await fetch(`${baseUrl}/api/files-probe/download?key=${encodeURIComponent(key)}&name=${encodeURIComponent(name)}`, {
      headers: { authorization: `Bearer ${token}` },
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    const location = response.headers.get('location')!;
    expect(location.startsWith(`http://${testEnv().MINIO_ENDPOINT}/`)).toBe(true);
    const object = await fetch(location);
    expect(object.status).toBe(200);
    expect(object.headers.get('content-disposition')).toBe(disposition);
    expect(Buffer.from(await object.arrayBuffer())).toEqual(pdf('download me'));
  });

  it('streams through the BFF when asked', async () => {
    const token = await tokens.sign('user-1');
    const response = await fetch(`${baseUrl}/api/files-probe/download?key=${encodeURIComponent(key)}&name=${encodeURIComponent(name)}&mode=stream`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(disposition);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(pdf('download me'));
  });

  it('refuses a download without a token, or with a bad one', async () => {
    const url = `${baseUrl}/api/files-probe/download?key=${encodeURIComponent(key)}&name=a.pdf&mode=stream`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: 'Bearer not-a-jwt' } })).status).toBe(401);
  });

  it('refuses an access token in the query, on a download route as on any other, and takes it as a header', async () => {
    const token = await tokens.sign('user-1');
    const download = await fetch(`${baseUrl}/api/files-probe/download?key=${encodeURIComponent(key)}&name=a.pdf&mode=stream&token=${token}`);
    expect(download.status).toBe(401);
    const inQuery = await fetch(`${baseUrl}/api/files-probe/plain?token=${token}`);
    expect(inQuery.status).toBe(401);
    const inHeader = await fetch(`${baseUrl}/api/files-probe/plain`, { headers: { authorization: `Bearer ${token}` } });
    expect(inHeader.status).toBe(200);
    expect(await inHeader.json()).toEqual({ userId: 'user-1' });
  });

  it('answers 404 for a key that does not exist or is not a file key', async () => {
    const token = await tokens.sign('user-1');
    for (const missing of [`${DOCS_PREFIX}/0190a000-0000-7000-8000-000000000000`, '../../etc/passwd']) {
      const response = await fetch(`${baseUrl}/api/files-probe/download?key=${encodeURIComponent(missing)}&name=a.pdf&mode=stream`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(404);
      expect(((await response.json()) as { message: string }).message).toBe('File not found');
    }
  });
});

describe('files the BFF makes', () => {
  it('keeps a generated file with the type given, and sweeps those of a prefix last written before a time', async () => {
    const store = app.get(FileStore);
    const prefix = `test/generated-${run}`;
    const json = await store.putGenerated(Buffer.from('{"a":1}\n'), { prefix, contentType: 'application/json; charset=utf-8' });
    const other = await store.putGenerated(pdf('generated'), { prefix: `${prefix}-other`, contentType: 'application/pdf' });
    expect(json.key).toMatch(new RegExp(`^${prefix}/[0-9a-f-]{36}$`));
    const opened = await store.openStream(json.key);
    expect(opened.contentType).toBe('application/json; charset=utf-8');
    expect(opened.size).toBe(8);
    opened.stream.destroy();

    expect(await store.removeOlderThan(prefix, new Date(Date.now() - 60_000))).toBe(0);
    expect(await store.exists(json.key)).toBe(true);
    expect(await store.removeOlderThan(prefix, new Date(Date.now() + 60_000))).toBe(1);
    expect(await store.exists(json.key)).toBe(false);
    // Another prefix that merely starts with the same letters is not swept.
    expect(await store.exists(other.key)).toBe(true);
    await store.remove(other.key);
  });
});
