import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { testEnv } from '@pm/testing';
import { Client as MinioClient } from 'minio';
import { fileStoreOptionsFromEnv, FileStore, MIN_PART_SIZE, SNIFFABLE_TYPES } from '../src/index.js';

const MB = 1024 * 1024;
const prefix = `test/file-store-${randomBytes(4).toString('hex')}`;
const env = testEnv();
const [host = '', port] = env.MINIO_ENDPOINT.split(':');
const minio = new MinioClient({ endPoint: host, port: Number(port), useSSL: false, accessKey: env.MINIO_ACCESS_KEY, secretKey: env.MINIO_SECRET_KEY });
const store = new FileStore(fileStoreOptionsFromEnv({ ...env, MINIO_USE_SSL: false }));
const limits = { prefix, maxBytes: 20 * MB, accept: [SNIFFABLE_TYPES.pdf] };

async function leftovers(): Promise<{ objects: string[]; incomplete: string[] }> {
  const objects: string[] = [];
  for await (const item of minio.listObjectsV2(env.MINIO_BUCKET, `${prefix}/`, true)) objects.push((item as { name: string }).name);
  const incomplete: string[] = [];
  // MinIO lists incomplete uploads by exact key or all of them (a prefix finds none): list all, then filter.
  for await (const item of minio.listIncompleteUploads(env.MINIO_BUCKET, '', true)) {
    const { key } = item as { key: string };
    if (key.startsWith(`${prefix}/`)) incomplete.push(key);
  }
  return { objects, incomplete };
}

describe('FileStore against MinIO', () => {
  it('stores a multi-part file from any async iterable, and reads it back as a stream', async () => {
    const content = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(MIN_PART_SIZE + 123_456)]);
    async function* chunks() {
      // Uneven chunks, the first smaller than what sniffing wants: sniffing must wait for enough bytes.
      for (let offset = 0; offset < content.length; offset += offset === 0 ? 7 : 300_001) {
        yield new Uint8Array(content.subarray(offset, offset + (offset === 0 ? 7 : 300_001)));
      }
    }
    const stored = await store.put(chunks(), limits);
    expect(stored).toEqual({
      key: expect.stringMatching(new RegExp(`^${prefix}/[0-9a-f-]{36}$`)),
      size: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
      contentType: 'application/pdf',
    });
    const opened = await store.openStream(stored.key);
    expect(opened.size).toBe(content.length);
    expect(opened.contentType).toBe('application/pdf');
    const back: Buffer[] = [];
    for await (const chunk of opened.stream) back.push(chunk as Buffer);
    expect(Buffer.concat(back).equals(content)).toBe(true);
    await store.remove(stored.key);
    await expect(store.openStream(stored.key)).rejects.toMatchObject({ status: 404, message: 'File not found' });
  }, 60_000);

  it('keeps uploads apart when they reuse part buffers: three at once, then small files after large ones, each stored as sent', async () => {
    const files = [
      Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2 * MIN_PART_SIZE + 777)]),
      Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(MIN_PART_SIZE + 1)]),
      Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(3 * MIN_PART_SIZE - 5)]),
      // After the large ones: a buffer that held their bytes must not lend them to a short file.
      Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(1_000)]),
      Buffer.from('%PDF-1.7\n%%EOF\n'),
    ];
    async function* slowly(content: Buffer) {
      for (let offset = 0; offset < content.length; offset += 256 * 1024) {
        yield content.subarray(offset, offset + 256 * 1024);
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    const stored = [...(await Promise.all(files.slice(0, 3).map((content) => store.put(slowly(content), limits))))];
    for (const content of files.slice(3)) stored.push(await store.put(slowly(content), limits));
    for (const [index, file] of stored.entries()) {
      const back: Buffer[] = [];
      for await (const chunk of (await store.openStream(file.key)).stream) back.push(chunk as Buffer);
      expect({ index, size: file.size, same: Buffer.concat(back).equals(files[index]!) }).toEqual({ index, size: files[index]!.length, same: true });
      await store.remove(file.key);
    }
  }, 120_000);

  it('copies an object server-side to a new key under another prefix: removing the copy keeps the original', async () => {
    const content = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(4096)]);
    const original = await store.put(Readable.from([content]), limits);
    const copy = await store.copy(original.key, `${prefix}/copies`);
    expect(copy).toEqual({ key: expect.stringMatching(new RegExp(`^${prefix}/copies/[0-9a-f-]{36}$`)), size: content.length, contentType: 'application/pdf' });
    const back: Buffer[] = [];
    for await (const chunk of (await store.openStream(copy.key)).stream) back.push(chunk as Buffer);
    expect(Buffer.concat(back).equals(content)).toBe(true);
    await store.remove(copy.key);
    expect(await store.exists(original.key)).toBe(true);
    await expect(store.copy(`${prefix}/01937b20-0a1b-7c2d-8e3f-4a5b6c7d8eb1`, `${prefix}/copies`)).rejects.toMatchObject({ status: 404 });
    await store.remove(original.key);
  }, 60_000);

  it('aborts the multipart upload when the source fails midway (a dropped connection): nothing is left', async () => {
    async function* failing() {
      yield Buffer.from('%PDF-1.7\n');
      for (let sent = 0; sent < MIN_PART_SIZE * 1.5; sent += MB) yield randomBytes(MB);
      throw new Error('connection reset by peer');
    }
    await expect(store.put(failing(), limits)).rejects.toThrow('connection reset by peer');
    expect(await leftovers()).toEqual({ objects: [], incomplete: [] });
  }, 60_000);

  describe('a declared size: one PUT written as the bytes arrive', () => {
    const file = () => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2 * MIN_PART_SIZE + 4_321)]);
    async function* slowly(content: Buffer, chunk = 64 * 1024) {
      for (let offset = 0; offset < content.length; offset += chunk) yield content.subarray(offset, offset + chunk);
    }

    it('stores the bytes as sent, without a multipart upload, and its sha256', async () => {
      for (const content of [file(), Buffer.from('%PDF-1.7\n%%EOF\n')]) {
        const stored = await store.put(slowly(content, content.length > MB ? 64 * 1024 : 3), { ...limits, declaredBytes: content.length });
        expect(stored).toEqual({ key: expect.stringMatching(new RegExp(`^${prefix}/`)), size: content.length, sha256: createHash('sha256').update(content).digest('hex'), contentType: 'application/pdf' });
        const back: Buffer[] = [];
        for await (const chunk of (await store.openStream(stored.key)).stream) back.push(chunk as Buffer);
        expect(Buffer.concat(back).equals(content)).toBe(true);
        // A multipart object's ETag ends in "-<parts>"; one PUT's does not.
        expect((await minio.statObject(env.MINIO_BUCKET, stored.key)).etag).toMatch(/^[0-9a-f]{32}$/);
        await store.remove(stored.key);
      }
      expect(await leftovers()).toEqual({ objects: [], incomplete: [] });
    }, 60_000);

    it('refuses bytes longer or shorter than declared, and a source failing midway, keeping nothing', async () => {
      const content = file();
      const notAsDeclared = { status: 400, message: 'The file is not the size declared for it; nothing was stored. Please send it again.' };
      await expect(store.put(slowly(content), { ...limits, declaredBytes: content.length - 1 })).rejects.toMatchObject(notAsDeclared);
      await expect(store.put(slowly(content), { ...limits, declaredBytes: content.length + 1 })).rejects.toMatchObject(notAsDeclared);
      // Shorter than what sniffing needs, and declared longer: refused too, nothing was sent.
      await expect(store.put(slowly(Buffer.from('%PDF-1.7\n')), { ...limits, declaredBytes: 100 })).rejects.toMatchObject(notAsDeclared);
      async function* failing() {
        yield* slowly(content.subarray(0, MIN_PART_SIZE));
        throw new Error('connection reset by peer');
      }
      await expect(store.put(failing(), { ...limits, declaredBytes: content.length })).rejects.toThrow('connection reset by peer');
      expect(await leftovers()).toEqual({ objects: [], incomplete: [] });
    }, 60_000);

    it('refuses a declared size over the limit before reading a byte, and checks the type as without one', async () => {
      let read = false;
      async function* untouched() {
        read = true;
        yield Buffer.from('%PDF-1.7\n');
      }
      await expect(store.put(untouched(), { ...limits, declaredBytes: limits.maxBytes + 1 })).rejects.toMatchObject({ status: 413, message: 'The file is larger than the limit of 20 MB.' });
      await expect(store.put(untouched(), { ...limits, declaredBytes: 1.5 })).rejects.toMatchObject({ status: 400 });
      await expect(store.put(untouched(), { ...limits, declaredBytes: 0 })).rejects.toMatchObject({ status: 400, message: 'The file is empty.' });
      expect(read).toBe(false);
      const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(MB)]);
      await expect(store.put(slowly(png), { ...limits, declaredBytes: png.length })).rejects.toMatchObject({ status: 415 });
      expect(await leftovers()).toEqual({ objects: [], incomplete: [] });
    }, 60_000);

    it('answers a MinIO that cannot be reached with an error, not a hang', async () => {
      const away = new FileStore(fileStoreOptionsFromEnv({ ...env, MINIO_USE_SSL: false, MINIO_ENDPOINT: '127.0.0.1:1' }));
      const content = file();
      await expect(away.put(slowly(content), { ...limits, declaredBytes: content.length })).rejects.toThrow(/ECONNREFUSED/);
    }, 30_000);
  });

  it('signs presigned links for the public URL when browsers reach MinIO elsewhere', async () => {
    const publicStore = new FileStore({ ...fileStoreOptionsFromEnv({ ...env, MINIO_USE_SSL: false }), publicUrl: 'https://files.example.com' });
    const url = new URL(await publicStore.presignedDownloadUrl(`${prefix}/0190a000-0000-7000-8000-000000000000`, { fileName: 'a.pdf', expiresSeconds: 120 }));
    expect(url.origin).toBe('https://files.example.com');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('120');
    expect(url.searchParams.get('response-content-disposition')).toBe(`attachment; filename="a.pdf"; filename*=UTF-8''a.pdf`);
  });
});
