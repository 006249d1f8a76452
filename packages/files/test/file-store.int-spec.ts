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

  it('signs presigned links for the public URL when browsers reach MinIO elsewhere', async () => {
    const publicStore = new FileStore({ ...fileStoreOptionsFromEnv({ ...env, MINIO_USE_SSL: false }), publicUrl: 'https://files.example.com' });
    const url = new URL(await publicStore.presignedDownloadUrl(`${prefix}/0190a000-0000-7000-8000-000000000000`, { fileName: 'a.pdf', expiresSeconds: 120 }));
    expect(url.origin).toBe('https://files.example.com');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('120');
    expect(url.searchParams.get('response-content-disposition')).toBe(`attachment; filename="a.pdf"; filename*=UTF-8''a.pdf`);
  });
});
