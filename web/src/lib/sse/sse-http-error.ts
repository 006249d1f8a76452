/** The server refused to open an event stream; `body` carries its explanation (the BFF sends a message the UI can show). */
export class SseHttpError extends Error {
  override readonly name = 'SseHttpError';

  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`Event stream request failed with HTTP ${status}`);
  }
}
