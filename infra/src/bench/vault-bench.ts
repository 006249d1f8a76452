/**
 * Vault upload benchmark (`npm run bench:vault`): starts the whole platform in its e2e profile (throw-away data), signs
 * in as the demo account and measures, loopback only:
 *   - upload throughput of 10 MB (several runs, median) and 1 GB files through `POST document/v2/upload-stream` (the
 *     BFF streams the body into MinIO, the vault files it), with the size declared as the web app does and without it
 *     (the multipart path), next to a raw MinIO PUT of the same bytes in the same run (target: the BFF at ≥ 0.7 of it);
 *   - the BFF's and the vault's resident memory growth while the 1 GB file passes (target ≤ 64 MB each).
 * The files are generated as they are sent (a random 1 MB block repeated after a unique header), so the bench itself
 * holds no file in memory. It prints figures; nothing is asserted (figures belong in the README).
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { Client } from 'minio';
import { cachePaths } from '../cache-paths.ts';
import { cpuProfileEnv } from './cpu-profile.ts';
import { DEMO_EMAIL } from '../demo/seed-demo-account.ts';
import { startE2ePlatform, stopE2ePlatform } from '../e2e-platform.ts';
import { readInstance } from '../instance-record.ts';
import { loadSecrets } from '../secrets.ts';
import { vaultBucket } from '../stack.ts';

const MB = 1024 * 1024;
const SMALL_BYTES = 10 * MB;
const SMALL_RUNS = Number(process.env['BENCH_SMALL_RUNS'] ?? 5);
const LARGE_BYTES = Number(process.env['BENCH_LARGE_MB'] ?? 1024) * MB;
const print = (line: string) => process.stdout.write(`${line}\n`);

/** A PDF-looking file of `size` bytes, unique per call (the vault de-duplicates equal bytes), produced as it is read. */
function fileStream(size: number): () => Readable {
  const header = Buffer.from(`%PDF-1.4\n% ${randomBytes(16).toString('hex')}\n`, 'latin1');
  const block = randomBytes(MB);
  return () =>
    Readable.from(
      (function* () {
        yield header;
        let left = size - header.length;
        while (left > 0) {
          const chunk = left >= block.length ? block : block.subarray(0, left);
          left -= chunk.length;
          yield chunk;
        }
      })(),
    );
}

/**
 * One upload through the BFF as the web app sends it (multipart, streamed, the file's size declared in `file_size`
 * just before it: one PUT into MinIO as the bytes arrive), or, with `declared` false, as a client that does not say the
 * size (curl: the multipart path, parts buffered); resolves when the event stream ended.
 */
function uploadThroughBff(baseUrl: string, authorization: string, size: number, body: () => Readable, declared: boolean): Promise<number> {
  const boundary = `bench${randomBytes(8).toString('hex')}`;
  const preamble = Buffer.from(
    (declared ? `--${boundary}\r\ncontent-disposition: form-data; name="file_size"\r\n\r\n${size}\r\n` : '') +
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="bench.pdf"\r\ncontent-type: application/pdf\r\n\r\n`,
  );
  const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}/api/document/v2/upload-stream`, {
      method: 'POST',
      headers: { authorization, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(preamble.length + size + closing.length) },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        if (res.statusCode !== 200 || !text.includes('"status":"completed"')) reject(new Error(`upload answered ${res.statusCode}: ${text.slice(0, 300)}`));
        else resolve(performance.now() - started);
      });
    });
    req.on('error', reject);
    req.write(preamble);
    const source = body();
    source.pipe(req, { end: false });
    source.on('end', () => req.end(closing));
  });
}

async function rawPut(minio: Client, size: number, body: () => Readable): Promise<number> {
  const key = `bench/raw-${randomBytes(8).toString('hex')}`;
  const started = performance.now();
  await minio.putObject(vaultBucket, key, body(), size);
  const ms = performance.now() - started;
  await minio.removeObject(vaultBucket, key);
  return ms;
}

/** Resident memory (bytes) of a process and every process below it. */
function treeRss(root: number): number {
  const parents = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1];
      rss.set(Number(entry), Number(kb ?? 0) * 1024);
    } catch {
      continue;
    }
  }
  let total = 0;
  for (const [pid, bytes] of rss) {
    for (let at: number | undefined = pid; at !== undefined && at > 1; at = parents.get(at)) {
      if (at === root) {
        total += bytes;
        break;
      }
    }
  }
  return total;
}

/** Waits (at most 5 minutes) until no document of the account is being read; answers how many still are. */
async function untilVaultIdle(baseUrl: string, authorization: string): Promise<number> {
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    let reading = 0;
    for (const status of ['NEW', 'PROCESSING']) {
      const answer = await fetch(`${baseUrl}/api/vault/documents?status=${status}&limit=1`, { headers: { authorization } });
      if (!answer.ok) throw new Error(`listing ${status} documents: ${answer.status}`);
      reading += ((await answer.json()) as { total: number }).total;
    }
    if (reading === 0 || Date.now() > deadline) return reading;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

const mbps = (bytes: number, ms: number) => (bytes / MB / (ms / 1000)).toFixed(1);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

print('starting the platform (e2e profile)…');
// BENCH_CPU_PROFILE=<dir>: every app writes its CPU profile there when the platform stops (see cpu-profile.ts).
const platform = await startE2ePlatform(cpuProfileEnv());
const { profile } = platform;
try {
  const signIn = await fetch(`${platform.baseUrl}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: DEMO_EMAIL, password: platform.demoPassword }) });
  if (!signIn.ok) throw new Error(`signing in as ${DEMO_EMAIL}: ${signIn.status}`);
  const authorization = `Bearer ${((await signIn.json()) as { access_token: string }).access_token}`;
  const secrets = loadSecrets(cachePaths().secretsFile);
  const minio = new Client({ endPoint: '127.0.0.1', port: profile.stackPorts.minio, useSSL: false, accessKey: secrets.minioAccessKey, secretKey: secrets.minioSecretKey });
  const children = readInstance(profile.instanceFile)?.children ?? [];
  const pidOf = (name: string) => children.find((child) => child.name === name)?.pid;
  const [bffPid, vaultPid] = [pidOf('bff'), pidOf('vault')];
  if (!bffPid || !vaultPid) throw new Error(`the bench needs the bff and vault processes (running: ${children.map((c) => c.name).join(', ')})`);

  // Warm-up: the first request pays for connections and JIT.
  await uploadThroughBff(platform.baseUrl, authorization, MB, fileStream(MB), true);
  await uploadThroughBff(platform.baseUrl, authorization, MB, fileStream(MB), false);
  await rawPut(minio, MB, fileStream(MB));

  // Interleaved, so that whatever else the machine does weighs on the three alike.
  const small = { declared: [] as number[], undeclared: [] as number[], raw: [] as number[] };
  for (let run = 0; run < SMALL_RUNS; run++) {
    small.declared.push(await uploadThroughBff(platform.baseUrl, authorization, SMALL_BYTES, fileStream(SMALL_BYTES), true));
    small.undeclared.push(await uploadThroughBff(platform.baseUrl, authorization, SMALL_BYTES, fileStream(SMALL_BYTES), false));
    small.raw.push(await rawPut(minio, SMALL_BYTES, fileStream(SMALL_BYTES)));
  }

  // The vault reads what was filed (the demo's documents, the 10 MB uploads) with LibreOffice, poppler and OCR in its
  // process tree: wait until it has read them, so the growth measured next is the large upload's alone.
  const busy = await untilVaultIdle(platform.baseUrl, authorization);
  if (busy > 0) print(`(the vault was still reading ${busy} documents after 5 minutes: its memory below includes that work)`);

  /** One large upload through the BFF, with the resident memory growth of the BFF's and the vault's trees meanwhile. */
  const largeUpload = async (declared: boolean) => {
    const base = { bff: treeRss(bffPid), vault: treeRss(vaultPid) };
    const peak = { ...base };
    const sampler = setInterval(() => {
      peak.bff = Math.max(peak.bff, treeRss(bffPid));
      peak.vault = Math.max(peak.vault, treeRss(vaultPid));
    }, 100);
    try {
      return { ms: await uploadThroughBff(platform.baseUrl, authorization, LARGE_BYTES, fileStream(LARGE_BYTES), declared), base, peak };
    } finally {
      clearInterval(sampler);
    }
  };
  const large = { declared: await largeUpload(true), undeclared: await largeUpload(false), raw: await rawPut(minio, LARGE_BYTES, fileStream(LARGE_BYTES)) };

  const row = (label: string, bytes: number, declared: number, undeclared: number, raw: number) => [
    label,
    `${mbps(bytes, declared)} MB/s (${(raw / declared).toFixed(2)})`,
    `${mbps(bytes, undeclared)} MB/s (${(raw / undeclared).toFixed(2)})`,
    `${mbps(bytes, raw)} MB/s`,
  ];
  const rows = [
    ['file', 'BFF, size declared (web app)', 'BFF, size not declared', 'raw MinIO PUT'],
    row(`10 MB (median of ${SMALL_RUNS})`, SMALL_BYTES, median(small.declared), median(small.undeclared), median(small.raw)),
    row(`${LARGE_BYTES / MB} MB`, LARGE_BYTES, large.declared.ms, large.undeclared.ms, large.raw),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((cells) => cells[column]!.length)));
  print('\nupload throughput (loopback; in brackets the ratio to the raw PUT, target ≥ 0.7)');
  for (const cells of rows) print(`  ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')}`);
  print(`\nresident memory during the ${LARGE_BYTES / MB} MB uploads (growth over the start, target ≤ 64 MB)`);
  for (const [label, { base, peak }] of [['size declared', large.declared], ['size not declared', large.undeclared]] as const) {
    print(`  ${label.padEnd(17)}  bff ${(base.bff / MB).toFixed(0)} MB → peak ${(peak.bff / MB).toFixed(0)} MB (+${((peak.bff - base.bff) / MB).toFixed(1)} MB)` +
      `, vault ${(base.vault / MB).toFixed(0)} MB → peak ${(peak.vault / MB).toFixed(0)} MB (+${((peak.vault - base.vault) / MB).toFixed(1)} MB)`);
  }
} finally {
  print('\nstopping the platform…');
  await stopE2ePlatform(platform);
}
