import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { IDEMPOTENCY_KEY_RETENTION_MS, IdempotencyKeySchema, type RpcContract } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';

export interface IdempotentCall {
  contract: RpcContract;
  /** Whose key it is: keys are per caller, so two users' equal keys never meet. */
  caller: string;
  key: string;
  /** The request as the contract parsed it. */
  request: unknown;
  /** Runs when a retry is answered with the stored answer (the handler's `replayed`). */
  onReplay?: () => Promise<void>;
}

/**
 * Idempotency-Key for creating calls, inside the use case's own transaction: the first answer is stored with the
 * key, the caller and a hash of the request in the same transaction as the creation, so either both are committed or
 * neither (a failed call stores nothing and may be retried). A retry with the same request gets the stored answer;
 * the same key with another request answers 422; a retry while the first call still runs answers 409 at once
 * (a transaction-scoped advisory lock on caller + key, taken without waiting).
 */
export async function answerIdempotently(em: EntityManager, call: IdempotentCall, run: () => Promise<unknown>): Promise<unknown> {
  const key = IdempotencyKeySchema.safeParse(call.key);
  if (!key.success) throw RpcFailure.badRequest(key.error.issues[0]!.message);
  const table = `"${em.config.get('schema') ?? 'public'}"."idempotency_key"`;

  const [lock] = await em.execute<{ locked: boolean }[]>('select pg_try_advisory_xact_lock(?::bigint) as locked', [lockIdOf(table, call)]);
  if (!lock?.locked) {
    throw new RpcFailure(409, 'A request with this Idempotency-Key is still being processed. Retry it later.', 'idempotency_key_in_use');
  }

  const requestHash = hashOf(call.contract.subject, identityOf(call.contract, call.request));
  const notBefore = new Date(Date.now() - IDEMPOTENCY_KEY_RETENTION_MS);
  const [stored] = await em.execute<{ request_hash: string; answer: { value?: unknown }; fresh: boolean }[]>(
    `select "request_hash", "answer", "created_at" >= ? as "fresh" from ${table} where "caller" = ? and "key" = ?`,
    [notBefore, call.caller, key.data],
  );
  if (stored?.fresh) {
    if (stored.request_hash !== requestHash) {
      throw new RpcFailure(422, 'This Idempotency-Key was already used for a different request.', 'idempotency_key_reused');
    }
    await call.onReplay?.();
    return stored.answer.value;
  }
  // An expired key the pruner has not reached yet is free again.
  if (stored) await em.execute(`delete from ${table} where "caller" = ? and "key" = ?`, [call.caller, key.data]);

  const result = await run();
  const answer = call.contract.response.safeParse(result);
  // A reply that breaks its contract is answered 500 by the responder; a retry should not replay that.
  if (answer.success) {
    await em.execute(`insert into ${table} ("caller", "key", "request_hash", "answer", "created_at") values (?, ?, ?, ?::json, ?)`, [
      call.caller,
      key.data,
      requestHash,
      JSON.stringify({ value: answer.data }),
      new Date(),
    ]);
  }
  return result;
}

/**
 * What makes two requests the same. A form's files are stored anew by every upload (a retry's copies get new keys), so
 * they count by their content (name, type, size, sha256), not by where the BFF put them.
 */
function identityOf(contract: RpcContract, request: unknown): unknown {
  const field = contract.http?.multipart?.field ?? contract.idempotent?.storedFileField;
  if (!field || request === null || typeof request !== 'object') return request;
  const withoutKey = (file: unknown): unknown => (file !== null && typeof file === 'object' ? { ...file, key: undefined } : file);
  const files = (request as Record<string, unknown>)[field];
  return { ...request, [field]: Array.isArray(files) ? files.map(withoutKey) : withoutKey(files) };
}

/** sha256 of the call's subject and its request with object keys sorted, so a retry's field order does not matter. */
function hashOf(subject: string, request: unknown): string {
  const canonical = JSON.stringify(request, (_name, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
  return createHash('sha256').update(`${subject}\n${canonical ?? ''}`).digest('hex');
}

/** A 64-bit advisory lock id for this schema, caller and key (a collision only makes a rare retry wait its turn as 409). */
function lockIdOf(table: string, call: IdempotentCall): string {
  return createHash('sha256').update(`${table}\0${call.caller}\0${call.key}`).digest().readBigInt64BE(0).toString();
}
