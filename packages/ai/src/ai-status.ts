/** Why an AI capability cannot serve: the assistant shows `message` as it is. */
export type AiUnavailableReason = 'model-missing' | 'verification-failed' | 'load-failure' | 'not-configured';

export type AiStatus = { available: true; provider: string } | { available: false; provider: string; reason: AiUnavailableReason; message: string };

/** Thrown by a model that is asked to work while unavailable; carries the status so callers can show its message. */
export class AiUnavailableError extends Error {
  readonly status: Extract<AiStatus, { available: false }>;

  constructor(status: Extract<AiStatus, { available: false }>) {
    super(status.message);
    this.name = 'AiUnavailableError';
    this.status = status;
  }
}
