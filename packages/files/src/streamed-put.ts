import { Agent as HttpAgent, request as httpRequest, type ClientRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/**
 * One S3 PUT whose body is written as it arrives, to a presigned URL (the payload unsigned, as presigned URLs are):
 * the length is known up front, so nothing is buffered and the object is complete the moment its last byte is sent.
 * MinIO keeps an object only once its whole body arrived; `abort()` before that leaves nothing behind.
 */
export class StreamedPut {
  private readonly request: ClientRequest;
  /** Settles with MinIO's answer, or with the connection's failure. */
  private readonly answered: Promise<void>;
  /** Set once MinIO answered or the connection failed; a write still waiting for a drain is woken by it. */
  private outcome: { error?: Error } | undefined;
  private wake: (() => void) | undefined;

  constructor(url: string, length: number, contentType: string, agents: PutAgents) {
    const target = new URL(url);
    const https = target.protocol === 'https:';
    this.request = (https ? httpsRequest : httpRequest)(target, {
      method: 'PUT',
      agent: https ? agents.https : agents.http,
      headers: { 'content-length': String(length), 'content-type': contentType },
    });
    this.answered = new Promise<void>((resolve, reject) => {
      this.request.on('response', (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (text: string) => {
          if (body.length < 4096) body += text;
        });
        response.on('end', () => {
          if (response.statusCode === 200) resolve();
          else reject(new Error(`MinIO refused the upload: ${response.statusCode} ${/<Code>([^<]*)<\/Code>/.exec(body)?.[1] ?? ''}`.trim()));
        });
        response.on('error', reject);
      });
      this.request.on('error', reject);
    });
    // Seen by the next write or by finish(); never an unhandled rejection.
    this.answered.then(
      () => this.settle({}),
      (error: unknown) => this.settle({ error: error instanceof Error ? error : new Error(String(error)) }),
    );
  }

  /** Sends a chunk; waits while the socket's buffer is full (the backpressure that slows a sender MinIO can't keep up with). */
  async write(chunk: Buffer): Promise<void> {
    this.assertOpen();
    if (this.request.write(chunk)) return;
    await new Promise<void>((resolve) => {
      const wake = (): void => {
        this.request.off('drain', wake);
        this.wake = undefined;
        resolve();
      };
      this.wake = wake;
      this.request.once('drain', wake);
    });
    this.assertOpen();
  }

  private settle(outcome: { error?: Error }): void {
    this.outcome = outcome;
    this.wake?.();
  }

  /** An answer before the body is complete is a refusal, or the connection dropped: the upload cannot go on. */
  private assertOpen(): void {
    if (this.outcome) throw this.outcome.error ?? new Error('MinIO answered before the whole file was sent');
  }

  /** Ends the body and waits for MinIO to confirm the object. */
  async finish(): Promise<void> {
    this.request.end();
    await this.answered;
  }

  /** Drops the connection before the body is complete: MinIO keeps nothing. */
  abort(): void {
    this.request.destroy();
  }
}

/** Kept-alive connections to MinIO, one pool per FileStore, so an upload does not pay a new TCP connection. */
export interface PutAgents {
  http: HttpAgent;
  https: HttpsAgent;
}

export function putAgents(): PutAgents {
  return { http: new HttpAgent({ keepAlive: true, maxSockets: 32 }), https: new HttpsAgent({ keepAlive: true, maxSockets: 32 }) };
}
