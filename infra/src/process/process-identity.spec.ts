import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { once } from 'node:events';
import { identify, stillRunning } from './process-identity.ts';

describe('process identity', () => {
  it('recognises a running process and not a recycled pid', () => {
    const self = identify(process.pid);
    expect(self).toBeDefined();
    expect(stillRunning(self!)).toBe(true);
    expect(stillRunning({ pid: process.pid, startTime: '1' })).toBe(false);
  });

  it('counts an exited but unreaped process (a zombie, as orphans of a killed orchestrator become) as gone', async () => {
    // The forked child exits at once and its parent never waits for it: a zombie, deterministically (a shell may
    // reap its background job before exec, so it cannot be used for this).
    const script = 'import os, sys, time\npid = os.fork()\nif pid == 0:\n    os._exit(0)\nprint(pid, flush=True)\ntime.sleep(5)';
    const parent = spawn('python3', ['-c', script], { stdio: ['ignore', 'pipe', 'ignore'] });
    const [chunk] = (await once(parent.stdout!, 'data')) as [Buffer];
    const zombie = Number(chunk.toString().trim());
    await new Promise((resolve) => setTimeout(resolve, 200));
    const raw = readFileSync(`/proc/${zombie}/stat`, 'utf8');
    const stat = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
    expect(stat[0]).toBe('Z');
    try {
      expect(stillRunning({ pid: zombie, startTime: stat[19]! })).toBe(false);
    } finally {
      parent.kill('SIGKILL');
    }
  });
});
