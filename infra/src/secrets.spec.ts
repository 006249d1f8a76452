import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSecrets } from './secrets.ts';

describe('loadSecrets', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pm-secrets-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('generates random credentials once, readable by the owner only, and returns the same ones afterwards', () => {
    const file = join(dir, 'nested', 'secrets.json');
    const first = loadSecrets(file);
    expect(first.postgresPassword).toMatch(/^[0-9a-f]{48}$/);
    expect(first.minioSecretKey).not.toBe(first.postgresPassword);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSecrets(file)).toEqual(first);
    expect(loadSecrets(join(dir, 'other.json')).postgresPassword).not.toBe(first.postgresPassword);
  });

  it('keeps existing values and fills in missing ones', () => {
    const file = join(dir, 'secrets.json');
    writeFileSync(file, JSON.stringify({ postgresPassword: 'kept-from-an-existing-cluster' }));
    const secrets = loadSecrets(file);
    expect(secrets.postgresPassword).toBe('kept-from-an-existing-cluster');
    expect(secrets.minioAccessKey).toMatch(/^pm-[0-9a-f]{16}$/);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(secrets);
  });

  it('gives each machine caller its own client secret, long enough for identity', () => {
    const secrets = loadSecrets(join(dir, 'secrets.json'));
    const clientSecrets = [secrets.serviceSecretBff, secrets.serviceSecretPortfolio, secrets.serviceSecretWorkflows, secrets.serviceSecretMessaging];
    for (const secret of clientSecrets) expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(clientSecrets).size).toBe(4);
  });
});
