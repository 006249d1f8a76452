import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { AiStatus } from '../ai-status.js';

/**
 * The record infra/src/components/ai-models.ts writes beside the models at install time (`npm start` / `npm test`).
 * The runtime trusts it instead of hashing 1.1 GB on every start, as long as each file still has the size and mtime
 * it had when it was hashed: a file replaced or truncated since then is refused like a wrong hash.
 */
const VerifiedFileSchema = z.object({ path: z.string(), size: z.number(), mtimeMs: z.number(), sha256: z.string() });
const EntrySchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('verified'), path: z.string(), files: z.array(VerifiedFileSchema).min(1), checkedAt: z.string() }),
  z.object({ status: z.literal('refused'), path: z.string(), message: z.string(), checkedAt: z.string() }),
]);
const RecordSchema = z.object({ chat: EntrySchema.optional(), embeddings: EntrySchema.optional() });

export const verificationRecordFile = 'verification.json';
export const localChatModelFile = 'qwen2.5-coder-1.5b-instruct-q4_k_m.gguf';
export const localEmbeddingModelDir = 'all-MiniLM-L6-v2';

export type LocalModelKey = 'chat' | 'embeddings';

const labels: Record<LocalModelKey, string> = { chat: 'model', embeddings: 'embedding model' };

export function localModelPath(modelsDir: string, key: LocalModelKey): string {
  return join(modelsDir, key === 'chat' ? localChatModelFile : localEmbeddingModelDir);
}

/** Whether the installed model may be loaded, from the install's record; never throws. */
export function verifiedModelStatus(modelsDir: string, key: LocalModelKey): AiStatus {
  const provider = 'local';
  const path = localModelPath(modelsDir, key);
  const missing = (detail: string): AiStatus => ({
    available: false,
    provider,
    reason: 'model-missing',
    message: `The local AI ${labels[key]} is not installed (${detail}): drafts are unavailable. Run npm start, which installs and verifies it into ${modelsDir}.`,
  });
  const recordPath = join(modelsDir, verificationRecordFile);
  if (!existsSync(recordPath)) return missing(`no ${recordPath}`);
  let entry: z.infer<typeof EntrySchema> | undefined;
  try {
    entry = RecordSchema.parse(JSON.parse(readFileSync(recordPath, 'utf8')))[key];
  } catch {
    return missing(`${recordPath} is unreadable`);
  }
  if (entry === undefined) return missing(`${recordPath} has no entry for it`);
  if (entry.status === 'refused') return { available: false, provider, reason: 'verification-failed', message: entry.message };
  for (const file of entry.files) {
    if (!existsSync(file.path)) return missing(`${file.path} is gone`);
    const { size, mtimeMs } = statSync(file.path);
    if (size !== file.size || mtimeMs !== file.mtimeMs) {
      return {
        available: false,
        provider,
        reason: 'verification-failed',
        message: `The local AI ${labels[key]} failed verification (${file.path} changed after it was verified): drafts are unavailable. Delete ${path} and run npm start again.`,
      };
    }
  }
  return { available: true, provider };
}
