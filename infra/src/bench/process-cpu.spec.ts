import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { cpuMsBetween, cpuMsByGroup } from './process-cpu.ts';

describe('CPU time per process and its descendants', () => {
  it('counts the CPU a busy child of a recorded process uses, and nothing for an idle process', async () => {
    // Each in a group of its own (detached): a shell whose child burns 300 ms of CPU then idles; a sleep.
    const burn = 'while (process.cpuUsage().user < 300_000); setTimeout(() => {}, 20_000);';
    const busy = spawn('sh', ['-c', `"${process.execPath}" -e "${burn}"; exit 0`], { detached: true, stdio: 'ignore' });
    const idle = spawn('sleep', ['20'], { detached: true, stdio: 'ignore' });
    try {
      const groups = [{ name: 'busy', pid: busy.pid! }, { name: 'idle', pid: idle.pid! }];
      const before = new Map([['busy', 0], ['idle', 0]]);
      const deadline = Date.now() + 20_000;
      while (cpuMsBetween(before, cpuMsByGroup(groups)).get('busy')! < 300 && Date.now() < deadline) await sleep(50);
      expect(cpuMsByGroup(groups).get('busy')).toBeGreaterThanOrEqual(300);
      expect(cpuMsByGroup(groups).get('idle')).toBeLessThanOrEqual(20);
    } finally {
      process.kill(-busy.pid!);
      process.kill(-idle.pid!);
    }
  }, 30_000);
});
