import { z } from 'zod';

/** The HTTP header a client sends on a creating call so that a retry does not create twice (as payment APIs do). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** How long a stored answer is replayed for a retry with the same key; after that the key may be used afresh. */
export const IDEMPOTENCY_KEY_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * A client's idempotency key: 1 to 255 visible ASCII characters (a UUID is the usual choice). Checked by the BFF
 * (400) and again by the service, which may be called over NATS by others.
 */
export const IdempotencyKeySchema = z
  .string()
  .min(1, 'Idempotency-Key must not be empty')
  .max(255, 'Idempotency-Key must be at most 255 characters')
  .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key may contain only visible ASCII characters (no spaces)');

/** The messages a call marked `idempotent` answers besides its own, for the API description. */
export const idempotencyErrors = {
  400: 'Idempotency-Key must be at most 255 characters',
  409: 'A request with this Idempotency-Key is still being processed. Retry it later.',
  422: 'This Idempotency-Key was already used for a different request.',
} as const;
