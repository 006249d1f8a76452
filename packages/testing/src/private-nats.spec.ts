import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PrivateNats } from './private-nats.js';

describe('PrivateNats', () => {
  const saved = process.env['PM_CACHE'];
  let cache: string;

  beforeEach(() => {
    // A server binary that exits at once, as nats-server does when its port was taken meanwhile.
    cache = mkdtempSync(join(tmpdir(), 'pm-private-nats-spec-'));
    mkdirSync(join(cache, 'bin'));
    writeFileSync(join(cache, 'bin', 'nats-server'), '#!/bin/sh\nexit 3\n');
    chmodSync(join(cache, 'bin', 'nats-server'), 0o755);
    process.env['PM_CACHE'] = cache;
  });

  afterEach(() => {
    if (saved === undefined) delete process.env['PM_CACHE'];
    else process.env['PM_CACHE'] = saved;
    rmSync(cache, { recursive: true, force: true });
  });

  it('fails at once when the server exits before it is ready (after trying three times), not after the 20 s wait', async () => {
    await expect(PrivateNats.start()).rejects.toThrow('private NATS exited (3) before it was ready');
  });
});
