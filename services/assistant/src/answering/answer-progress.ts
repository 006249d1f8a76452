import type { Logger } from '@nestjs/common';

/** How often an answer's words go out while they are written: often enough to read as typing, few events per answer. */
export const PROGRESS_INTERVAL_MS = 250;

/**
 * Sends an answer's text so far while the model writes it: the first words at once, then at most one message per
 * interval, each with the whole text so far (so a lost or late one costs a moment of display, nothing more). `close`
 * stops it and waits for what is on its way, so the stored answer's event is never overtaken by a word of the draft.
 * A failed send is logged, not retried: the stored answer follows with every word.
 */
export class AnswerProgress {
  private latest: string | undefined;
  private sentAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private sending: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly send: (text: string) => Promise<unknown>,
    private readonly logger: Logger,
    private readonly intervalMs = PROGRESS_INTERVAL_MS,
  ) {}

  update(text: string): void {
    if (this.closed) return;
    this.latest = text;
    if (this.timer !== undefined) return;
    const wait = this.sentAt + this.intervalMs - Date.now();
    if (wait <= 0) this.flush();
    else
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.flush();
      }, wait);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.sending;
  }

  private flush(): void {
    const text = this.latest;
    if (this.closed || text === undefined) return;
    this.latest = undefined;
    this.sentAt = Date.now();
    this.sending = this.sending.then(() =>
      this.send(text).then(
        () => undefined,
        (error: unknown) => this.logger.warn({ err: error }, "an answer's words could not be sent; the stored answer will carry them"),
      ),
    );
  }
}
