import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localChatModelFile, verifiedModelStatus, verificationRecordFile } from './model-verification.js';

// Records are written here in the shape infra/src/components/ai-models.ts writes (its own spec covers that side).
describe('verifiedModelStatus', () => {
  let modelsDir: string;
  let modelPath: string;
  const writeRecord = (record: unknown): void => writeFileSync(join(modelsDir, verificationRecordFile), JSON.stringify(record));
  const verifiedEntry = () => {
    const { size, mtimeMs } = statSync(modelPath);
    return { status: 'verified', path: modelPath, files: [{ path: modelPath, size, mtimeMs, sha256: 'a'.repeat(64) }], checkedAt: '2026-11-24T12:00:00Z' };
  };
  beforeEach(() => {
    modelsDir = mkdtempSync(join(tmpdir(), 'pm-ai-status-'));
    modelPath = join(modelsDir, localChatModelFile);
    writeFileSync(modelPath, 'model bytes');
  });
  afterEach(() => rmSync(modelsDir, { recursive: true, force: true }));

  it('is unavailable, saying how to install, when nothing was installed', () => {
    expect(verifiedModelStatus(modelsDir, 'chat')).toMatchObject({
      available: false,
      reason: 'model-missing',
      message: expect.stringContaining('drafts are unavailable. Run npm start'),
    });
  });

  it('passes on the message of a refused install as it is', () => {
    const message = `The local AI model failed verification (sha256 mismatch): drafts are unavailable. Delete ${modelPath} and run npm start again.`;
    writeRecord({ chat: { status: 'refused', path: modelPath, message, checkedAt: '2026-11-24T12:00:00Z' } });
    expect(verifiedModelStatus(modelsDir, 'chat')).toEqual({ available: false, provider: 'local', reason: 'verification-failed', message });
  });

  it('is available while the verified file is the one that was hashed, and refuses it once it changed', () => {
    writeRecord({ chat: verifiedEntry() });
    expect(verifiedModelStatus(modelsDir, 'chat')).toEqual({ available: true, provider: 'local' });

    writeFileSync(modelPath, 'model bytes, replaced');
    expect(verifiedModelStatus(modelsDir, 'chat')).toMatchObject({
      available: false,
      reason: 'verification-failed',
      message: `The local AI model failed verification (${modelPath} changed after it was verified): drafts are unavailable. Delete ${modelPath} and run npm start again.`,
    });
  });
});
