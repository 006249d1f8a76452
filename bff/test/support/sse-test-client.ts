/** One server-sent event or comment as it came over the wire, fields kept as text. */
export interface ReceivedFrame {
  id?: string;
  event?: string;
  data?: string;
}

/**
 * A deliberately plain SSE reader for tests of the BFF (the web's reader lives in the web app, which the BFF may not
 * import): it splits the body at blank lines, keeps comment lines apart and hands out events in order.
 */
export class SseTestClient {
  readonly comments: string[] = [];
  private readonly frames: ReceivedFrame[] = [];
  private waiters: (() => void)[] = [];
  private ended = false;

  private constructor(
    readonly response: Response,
    private readonly abort: AbortController,
  ) {}

  static async open(url: string, headers: Record<string, string>): Promise<SseTestClient> {
    const abort = new AbortController();
    const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
    const client = new SseTestClient(response, abort);
    if (response.ok && response.body) void client.read(response.body);
    return client;
  }

  /** The next event (comments skipped), or a rejection after `timeoutMs`. */
  async next(timeoutMs = 5_000): Promise<ReceivedFrame> {
    const deadline = Date.now() + timeoutMs;
    while (this.frames.length === 0) {
      if (this.ended) throw new Error('The stream ended');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`No event within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.frames.shift()!;
  }

  /** Resolves once a comment line with this text has arrived. */
  async comment(text: string, timeoutMs = 5_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.comments.includes(text)) {
      if (Date.now() > deadline) throw new Error(`No ": ${text}" within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  close(): void {
    this.abort.abort();
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          this.take(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // Aborted by close().
    } finally {
      this.ended = true;
      this.wake();
    }
  }

  private take(block: string): void {
    const frame: ReceivedFrame = {};
    let isEvent = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        this.comments.push(line.slice(1).trim());
        continue;
      }
      const colon = line.indexOf(':');
      const field = line.slice(0, colon);
      const value = line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id' || field === 'event') frame[field] = value;
      if (field === 'data') frame.data = frame.data === undefined ? value : `${frame.data}\n${value}`;
      isEvent = true;
    }
    if (isEvent) {
      this.frames.push(frame);
      this.wake();
    }
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}
