import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { RpcFailure } from '@pm/messaging';
import { Client, CopyDestinationOptions, CopySourceOptions } from 'minio';
import { v7 as uuidv7 } from 'uuid';
import { attachmentDisposition } from './content-disposition.js';
import { putAgents, StreamedPut, type PutAgents } from './streamed-put.js';
import { CONTENT_TYPE_LABELS, SNIFF_BYTES, sniffContentType, type SniffedContentType } from './sniff-content-type.js';

/** S3's smallest part (every part but the last): the memory one upload holds, whatever the file's size. */
export const MIN_PART_SIZE = 5 * 1024 * 1024;
/** S3's largest single PUT: a declared size past it takes the multipart path. */
const MAX_SINGLE_PUT_BYTES = 5 * 1024 ** 3;
/** How long a presigned PUT may take to start (checked when MinIO receives the request, not while the body flows). */
const PUT_URL_SECONDS = 15 * 60;
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;
const PREFIX = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/;
const KEY = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*\/[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface FileStoreOptions {
  /** host:port of the S3 API, as MINIO_ENDPOINT. */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  useSsl?: boolean;
  /** The origin browsers reach MinIO at, when it differs from `endpoint` (presigned URLs are signed for a host). */
  publicUrl?: string;
  partSize?: number;
}

export interface PutLimits {
  /** Key prefix of the owner, e.g. `vault/documents`; the rest of the key is a UUIDv7, never the file's name. */
  prefix: string;
  /** Server-side limit, enforced while reading: the stream is stopped and nothing is kept past it. */
  maxBytes: number;
  /** The types this caller takes, checked against the sniffed type. */
  accept: readonly SniffedContentType[];
  /**
   * The file's size as its sender declared it before the bytes (a browser knows it: `File.size`). With it, the bytes
   * stream to MinIO in one PUT as they arrive: nothing is buffered, and nothing is left to send when the last byte
   * comes in. A file longer or shorter than declared is refused (400) and nothing is kept.
   */
  declaredBytes?: number;
}

export interface StoredFile {
  key: string;
  size: number;
  sha256: string;
  contentType: SniffedContentType;
}

export interface OpenedFile {
  stream: Readable;
  size: number;
  contentType: string;
}

/**
 * The platform's one way to keep files in MinIO. Uploads stream: at most two parts (MIN_PART_SIZE) are held in
 * memory, none when the sender declared the size (one PUT written as the bytes arrive), the size limit is enforced as
 * bytes arrive, the content type comes from the first bytes, and a failed or refused upload leaves no object and no
 * incomplete multipart upload behind.
 */
export class FileStore {
  private readonly client: Client;
  private readonly presignClient: Client;
  private readonly bucket: string;
  private readonly parts: PartBuffers;
  private readonly agents: PutAgents = putAgents();

  constructor(options: FileStoreOptions) {
    // A fixed region spares a bucket-location request before every presign and every first call.
    const region = 'us-east-1';
    const [host = '', port] = options.endpoint.split(':');
    this.client = new Client({
      endPoint: host,
      port: port ? Number(port) : undefined,
      useSSL: options.useSsl ?? false,
      accessKey: options.accessKey,
      secretKey: options.secretKey,
      region,
    });
    if (options.publicUrl) {
      const url = new URL(options.publicUrl);
      this.presignClient = new Client({
        endPoint: url.hostname,
        port: url.port ? Number(url.port) : undefined,
        useSSL: url.protocol === 'https:',
        accessKey: options.accessKey,
        secretKey: options.secretKey,
        region,
      });
    } else {
      this.presignClient = this.client;
    }
    this.bucket = options.bucket;
    this.parts = new PartBuffers(Math.max(options.partSize ?? MIN_PART_SIZE, MIN_PART_SIZE));
  }

  async put(source: AsyncIterable<Buffer | Uint8Array | string>, limits: PutLimits): Promise<StoredFile> {
    if (!PREFIX.test(limits.prefix)) throw new Error(`file key prefix "${limits.prefix}" must be lowercase path segments`);
    if (!(limits.maxBytes > 0) || limits.accept.length === 0) throw new Error('put needs a positive maxBytes and at least one accepted type');
    const declared = limits.declaredBytes;
    if (declared !== undefined) {
      if (!Number.isSafeInteger(declared) || declared < 0) throw RpcFailure.badRequest("The file's declared size must be a whole number of bytes.");
      if (declared > limits.maxBytes) throw tooLarge(limits.maxBytes);
      if (declared === 0) throw RpcFailure.badRequest('The file is empty.');
      if (declared <= MAX_SINGLE_PUT_BYTES) return this.putDeclared(source, limits, declared);
    }
    return this.putInParts(source, limits);
  }

  /** `put` of a file whose size is not known before its end: a multipart upload, one part sent while the next is read. */
  private async putInParts(source: AsyncIterable<Buffer | Uint8Array | string>, limits: PutLimits): Promise<StoredFile> {
    const key = `${limits.prefix}/${uuidv7()}`;
    const hash = createHash('sha256');
    let size = 0;
    let contentType: SniffedContentType | undefined;
    // The first bytes are kept as they came (enough to sniff the type): a small file never takes a part-sized buffer.
    let head: Buffer[] = [];
    let headBytes = 0;
    // Past them, the part being filled: bytes are copied in as they arrive, one buffer from the pool, not a new one.
    let part: Buffer | undefined;
    let filled = 0;
    let upload: { id: string; parts: { part: number; etag: string }[] } | undefined;
    /**
     * One part goes to MinIO while the next is read: the sender and MinIO work at the same time (awaiting each part
     * before reading on halved the throughput), and memory stays bounded by two parts.
     */
    let inFlight: Promise<void> | undefined;
    let partsSent = 0;
    const sendPart = async (): Promise<void> => {
      if (!upload) throw new Error('no multipart upload');
      // The part before must be stored first: the backpressure that makes the sender wait while MinIO is slow.
      await inFlight;
      const target = upload;
      const number = ++partsSent;
      const sent = part!;
      const bytes = filled;
      part = this.parts.take();
      filled = 0;
      inFlight = this.client
        .uploadPart({ bucketName: this.bucket, objectName: key, uploadID: target.id, partNumber: number, headers: {} }, sent.subarray(0, bytes))
        .then(({ etag }) => {
          target.parts.push({ part: number, etag });
        })
        .finally(() => this.parts.give(sent));
      // Awaited by the next part or at the end; a failure is seen there, never as an unhandled rejection.
      inFlight.catch(() => undefined);
    };

    try {
      for await (const raw of source) {
        let chunk = asBuffer(raw);
        size += chunk.length;
        if (size > limits.maxBytes) throw tooLarge(limits.maxBytes);
        hash.update(chunk);
        if (!part) {
          head.push(chunk);
          headBytes += chunk.length;
          if (headBytes < SNIFF_BYTES) continue;
          const first = Buffer.concat(head, headBytes);
          contentType = accepted(first, limits.accept);
          head = [];
          part = this.parts.take();
          chunk = first;
        }
        while (chunk.length > 0) {
          const copied = chunk.copy(part, filled);
          filled += copied;
          chunk = chunk.subarray(copied);
          if (filled === part.length) {
            upload ??= { id: await this.client.initiateNewMultipartUpload(this.bucket, key, { 'Content-Type': contentType! }), parts: [] };
            await sendPart();
          }
        }
      }
      if (size === 0) throw RpcFailure.badRequest('The file is empty.');
      if (!part) {
        // Under SNIFF_BYTES in all: one small PUT of the bytes as they came.
        const whole = Buffer.concat(head, headBytes);
        contentType = accepted(whole, limits.accept);
        await this.client.putObject(this.bucket, key, whole, size, { 'Content-Type': contentType });
        return { key, size, sha256: hash.digest('hex'), contentType };
      }
      // A part exists only past the sniffed bytes: the type is known.
      const type = contentType!;
      if (upload) {
        if (filled > 0) await sendPart();
        await inFlight;
        await this.client.completeMultipartUpload(this.bucket, key, upload.id, upload.parts);
      } else {
        await this.client.putObject(this.bucket, key, part.subarray(0, filled), filled, { 'Content-Type': type });
      }
      return { key, size, sha256: hash.digest('hex'), contentType: type };
    } catch (error) {
      // A part still on its way would otherwise land after the abort.
      await inFlight?.catch(() => undefined);
      if (upload) await this.client.abortMultipartUpload(this.bucket, key, upload.id).catch(() => undefined);
      throw error;
    } finally {
      if (part) this.parts.give(part);
    }
  }

  /** `put` of a file whose size is known before its bytes: one PUT, written as the bytes arrive. */
  private async putDeclared(source: AsyncIterable<Buffer | Uint8Array | string>, limits: PutLimits, declared: number): Promise<StoredFile> {
    const key = `${limits.prefix}/${uuidv7()}`;
    const hash = createHash('sha256');
    let size = 0;
    let contentType: SniffedContentType | undefined;
    // The PUT starts once the type is known: its first bytes (or the whole file, when smaller) are held until then.
    let head: Buffer[] = [];
    let headBytes = 0;
    let put: StreamedPut | undefined;
    try {
      for await (const raw of source) {
        const chunk = asBuffer(raw);
        size += chunk.length;
        if (size > declared) throw notAsDeclared();
        hash.update(chunk);
        if (put) {
          await put.write(chunk);
          continue;
        }
        head.push(chunk);
        headBytes += chunk.length;
        if (headBytes < SNIFF_BYTES && size < declared) continue;
        const first = Buffer.concat(head, headBytes);
        head = [];
        contentType = accepted(first, limits.accept);
        put = new StreamedPut(await this.client.presignedPutObject(this.bucket, key, PUT_URL_SECONDS), declared, contentType, this.agents);
        await put.write(first);
      }
      if (size !== declared || !put) throw notAsDeclared();
      await put.finish();
      return { key, size, sha256: hash.digest('hex'), contentType: contentType! };
    } catch (error) {
      put?.abort();
      throw error;
    }
  }

  /**
   * A time-limited URL the browser downloads from MinIO directly, saved under `fileName` (the name the user gave,
   * which never became part of the key).
   */
  async presignedDownloadUrl(key: string, options: { fileName: string; expiresSeconds?: number }): Promise<string> {
    assertKey(key);
    const expires = Math.min(Math.max(Math.floor(options.expiresSeconds ?? 300), 1), MAX_PRESIGN_SECONDS);
    return this.presignClient.presignedGetObject(this.bucket, key, expires, {
      'response-content-disposition': attachmentDisposition(options.fileName),
    });
  }

  async openStream(key: string): Promise<OpenedFile> {
    assertKey(key);
    try {
      const stat = await this.client.statObject(this.bucket, key);
      const stream = await this.client.getObject(this.bucket, key);
      const contentType = (stat.metaData as Record<string, string | undefined>)['content-type'] ?? 'application/octet-stream';
      return { stream, size: stat.size, contentType };
    } catch (error) {
      throw isNotFound(error) ? RpcFailure.notFound('File not found') : error;
    }
  }

  /** Whether the object is there (a check of cleanup, and of what a document still refers to). */
  async exists(key: string): Promise<boolean> {
    assertKey(key);
    try {
      await this.client.statObject(this.bucket, key);
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  /**
   * Copies an object inside MinIO (no byte passes through this process) to a new key under `prefix`, so two owners
   * never share one object: removing one's copy never removes the other's file. Content type and size come along.
   */
  async copy(key: string, prefix: string): Promise<{ key: string; size: number; contentType: string }> {
    assertKey(key);
    if (!PREFIX.test(prefix)) throw new Error(`file key prefix "${prefix}" must be lowercase path segments`);
    const target = `${prefix}/${uuidv7()}`;
    try {
      await this.client.copyObject(
        new CopySourceOptions({ Bucket: this.bucket, Object: key }),
        new CopyDestinationOptions({ Bucket: this.bucket, Object: target }),
      );
    } catch (error) {
      throw isNotFound(error) ? RpcFailure.notFound('File not found') : error;
    }
    const stat = await this.client.statObject(this.bucket, target);
    const contentType = (stat.metaData as Record<string, string | undefined>)['content-type'] ?? 'application/octet-stream';
    return { key: target, size: stat.size, contentType };
  }

  /**
   * A file the platform made itself (a rendered export), stored as given under `prefix` with the type its maker
   * names: nothing to sniff or limit, the bytes are ours. Answers the key (`prefix/` and a UUIDv7).
   */
  async putGenerated(body: Buffer, options: { prefix: string; contentType: string }): Promise<{ key: string }> {
    if (!PREFIX.test(options.prefix)) throw new Error(`file key prefix "${options.prefix}" must be lowercase path segments`);
    const key = `${options.prefix}/${uuidv7()}`;
    await this.client.putObject(this.bucket, key, body, body.length, { 'Content-Type': options.contentType });
    return { key };
  }

  /** Removes the objects under `prefix` last written before `before` (throw-away files past their use); answers how many. */
  async removeOlderThan(prefix: string, before: Date): Promise<number> {
    if (!PREFIX.test(prefix)) throw new Error(`file key prefix "${prefix}" must be lowercase path segments`);
    const stale: string[] = [];
    for await (const item of this.client.listObjectsV2(this.bucket, `${prefix}/`, true) as AsyncIterable<{ name?: string; lastModified?: Date }>) {
      if (item.name && item.lastModified && item.lastModified < before) stale.push(item.name);
    }
    if (stale.length > 0) await this.client.removeObjects(this.bucket, stale);
    return stale.length;
  }

  async remove(key: string): Promise<void> {
    assertKey(key);
    await this.client.removeObject(this.bucket, key);
  }
}

/**
 * The part-sized buffers uploads fill, kept for the next part or upload instead of being dropped: a new 5 MB buffer
 * per part made the garbage collector the largest cost of an upload (four tenths of the BFF's CPU in the vault bench's
 * profile). At most `keep` idle buffers are kept (the two of one upload, plus those of a second at the same time);
 * more uploads at once allocate their own, which are dropped after.
 */
class PartBuffers {
  private readonly idle: Buffer[] = [];

  constructor(
    private readonly size: number,
    private readonly keep = 4,
  ) {}

  take(): Buffer {
    return this.idle.pop() ?? Buffer.allocUnsafeSlow(this.size);
  }

  give(buffer: Buffer): void {
    if (this.idle.length < this.keep && !this.idle.includes(buffer)) this.idle.push(buffer);
  }
}

function accepted(head: Buffer, accept: readonly SniffedContentType[]): SniffedContentType {
  const type = sniffContentType(head);
  const list = accept.map((t) => CONTENT_TYPE_LABELS[t]).join(', ');
  if (!type) throw new RpcFailure(415, `This file type is not recognised. Accepted: ${list}.`, 'unsupported_media_type');
  if (!accept.includes(type)) {
    throw new RpcFailure(415, `This file is a ${CONTENT_TYPE_LABELS[type]}, which is not accepted here. Accepted: ${list}.`, 'unsupported_media_type');
  }
  return type;
}

function asBuffer(raw: Buffer | Uint8Array | string): Buffer {
  return typeof raw === 'string' ? Buffer.from(raw) : Buffer.isBuffer(raw) ? raw : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
}

function notAsDeclared(): RpcFailure {
  return RpcFailure.badRequest('The file is not the size declared for it; nothing was stored. Please send it again.');
}

function tooLarge(maxBytes: number): RpcFailure {
  return new RpcFailure(413, `The file is larger than the limit of ${formatBytes(maxBytes)}.`, 'payload_too_large');
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${Number((bytes / 1024 ** 3).toFixed(1))} GB`;
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}

/** Keys come from the platform's own records; anything else is an id that does not exist. */
function assertKey(key: string): void {
  if (!KEY.test(key)) throw RpcFailure.notFound('File not found');
}

function isNotFound(error: unknown): boolean {
  const code = (error as { code?: string } | undefined)?.code;
  return code === 'NotFound' || code === 'NoSuchKey';
}
