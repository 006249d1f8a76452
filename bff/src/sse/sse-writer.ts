import { once } from 'node:events';
import type { Response } from 'express';

export interface SseFrame {
  id?: string;
  event?: string;
  data: unknown;
}

/**
 * Writes one `text/event-stream` response. Each write waits for the socket to drain when its buffer is full, so a
 * slow browser slows down whoever feeds the writer instead of filling the BFF's memory.
 */
export class SseWriter {
  private readonly gone: Promise<void>;

  constructor(private readonly res: Response) {
    // The browser may have left while the stream was being prepared: 'close' has fired already then.
    this.gone = res.closed || res.destroyed ? Promise.resolve() : once(res, 'close').then(() => undefined);
  }

  get closed(): boolean {
    return this.res.destroyed || this.res.writableEnded;
  }

  open(): void {
    this.res.status(200);
    this.res.setHeader('content-type', 'text/event-stream; charset=utf-8');
    this.res.setHeader('cache-control', 'no-cache, no-transform');
    this.res.setHeader('connection', 'keep-alive');
    // nginx-style proxies buffer responses unless told otherwise, which would hold events back.
    this.res.setHeader('x-accel-buffering', 'no');
    this.res.flushHeaders();
  }

  async send(frame: SseFrame): Promise<void> {
    let text = '';
    if (frame.id !== undefined) text += `id: ${frame.id}\n`;
    if (frame.event !== undefined) text += `event: ${frame.event}\n`;
    for (const line of JSON.stringify(frame.data).split('\n')) text += `data: ${line}\n`;
    await this.write(`${text}\n`);
  }

  /** A comment line: ignored by every SSE parser, it keeps proxies and the browser's idle timer from closing the stream. */
  comment(text: string): void {
    // A heartbeat behind a full buffer says nothing the buffered bytes will not; skipping it keeps memory bounded.
    if (this.closed || this.res.writableNeedDrain) return;
    this.res.write(`: ${text}\n\n`);
  }

  end(): void {
    if (!this.closed) this.res.end();
  }

  /** Resolves when the client has gone away. */
  closedByClient(): Promise<void> {
    return this.gone;
  }

  private async write(text: string): Promise<void> {
    if (this.closed) return;
    if (this.res.write(text)) return;
    await Promise.race([once(this.res, 'drain'), this.gone]);
  }
}

export interface SendSseOptions {
  /** Sends a comment line this often, so proxies and the browser's idle timer keep a quiet stream open. */
  heartbeatMs?: number;
  /** Told about a failure of the producer; the stream has started by then, so it can only end. */
  onError: (error: unknown) => void;
}

/**
 * Answers with an event stream of what `produce` yields, one frame at a time as the socket takes it. The signal
 * given to `produce` aborts when the browser goes away: the producer must then end (close what it reads from), since
 * an async iterator cannot be interrupted while it waits for its next item.
 */
export async function sendSse(
  response: Response,
  produce: (clientGone: AbortSignal) => AsyncIterable<SseFrame>,
  options: SendSseOptions,
): Promise<void> {
  const writer = new SseWriter(response);
  const clientGone = new AbortController();
  void writer.closedByClient().then(() => clientGone.abort());
  writer.open();
  writer.comment('connected');
  const heartbeat = options.heartbeatMs ? setInterval(() => writer.comment('heartbeat'), options.heartbeatMs) : undefined;
  try {
    for await (const frame of produce(clientGone.signal)) {
      if (writer.closed) break;
      await writer.send(frame);
    }
  } catch (error) {
    options.onError(error);
  } finally {
    clearInterval(heartbeat);
    writer.end();
  }
}
