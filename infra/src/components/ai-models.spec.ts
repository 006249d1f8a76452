import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installChatModel, installEmbeddingModel, readVerificationRecord } from './ai-models.ts';

// Small stand-ins for the model files: what is tested is the verification and its record, which do not depend on size.
const official = Buffer.from('GGUF official release bytes');
const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');
const chat = {
  file: 'model.gguf',
  pypiPrefix: 'not-downloaded-in-this-test-part',
  pypiVersion: '0.0.0',
  partCount: 1,
  size: official.length,
  sha256: sha256(official),
};

describe('AI model provisioning', () => {
  let modelsDir: string;
  beforeEach(() => {
    modelsDir = mkdtempSync(join(tmpdir(), 'pm-ai-models-'));
  });
  afterEach(() => rmSync(modelsDir, { recursive: true, force: true }));

  it('verifies a model that matches the official hash and records it', async () => {
    writeFileSync(join(modelsDir, chat.file), official);
    await expect(installChatModel(chat, modelsDir)).resolves.toBe(true);
    expect(readVerificationRecord(modelsDir).chat).toMatchObject({ status: 'verified', files: [{ sha256: chat.sha256, size: chat.size }] });
  });

  it('refuses a corrupted model (same size, other bytes) with the message the assistant shows, and keeps it for the user to delete', async () => {
    const path = join(modelsDir, chat.file);
    writeFileSync(path, official);
    await installChatModel(chat, modelsDir);
    const corrupted = Buffer.from(official);
    corrupted[5] = corrupted[5]! ^ 0xff;
    writeFileSync(path, corrupted);

    await expect(installChatModel(chat, modelsDir)).resolves.toBe(false);
    expect(readVerificationRecord(modelsDir).chat).toEqual({
      status: 'refused',
      path,
      message: `The local AI model failed verification (sha256 mismatch): drafts are unavailable. Delete ${path} and run npm start again.`,
      checkedAt: expect.any(String),
    });
  });

  it('refuses a truncated model by its size without hashing it', async () => {
    const path = join(modelsDir, chat.file);
    writeFileSync(path, official.subarray(0, 10));
    await expect(installChatModel(chat, modelsDir)).resolves.toBe(false);
    expect(readVerificationRecord(modelsDir).chat).toMatchObject({
      status: 'refused',
      message: expect.stringContaining(`failed verification (size mismatch: 10 bytes, expected ${official.length})`),
    });
  });

  it('refuses an embedding folder whose files do not match their pinned hashes', async () => {
    const dir = join(modelsDir, 'minilm');
    mkdirSync(dir);
    writeFileSync(join(dir, 'tokenizer.json'), '{"edited":true}');
    const embeddings = { dir: 'minilm', wheels: {}, sha256: { 'tokenizer.json': sha256(Buffer.from('{"original":true}')) } };
    await expect(installEmbeddingModel(embeddings, modelsDir)).resolves.toBe(false);
    expect(readVerificationRecord(modelsDir).embeddings).toMatchObject({
      status: 'refused',
      message: `The local AI embedding model failed verification (sha256 mismatch in ${join(dir, 'tokenizer.json')}): drafts are unavailable. Delete ${dir} and run npm start again.`,
    });
  });
});
