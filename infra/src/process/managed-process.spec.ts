import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jest } from '@jest/globals';
import { groupAlive } from './group-alive.ts';
import { ManagedProcess } from './managed-process.ts';

describe('ManagedProcess', () => {
  it('stops the whole process group, forked grandchildren included', async () => {
    const lines: string[] = [];
    const child = await ManagedProcess.start({
      name: 'forker',
      command: 'sh',
      args: ['-c', 'sleep 60 & echo started; wait'],
      onLine: (line) => lines.push(line),
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(groupAlive(child.pid)).toBe(true);

    const exit = await child.stop(2_000);

    expect(lines).toEqual(['started']);
    expect(exit?.signal).toBe('SIGTERM');
    expect(child.stopRequested).toBe(true);
    expect(groupAlive(child.pid)).toBe(false);
  });

  it('escalates to SIGKILL when a process ignores the stop signal', async () => {
    const child = await ManagedProcess.start({ name: 'stubborn', command: 'sh', args: ['-c', "trap '' TERM; sleep 60"], onLine: () => undefined });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const exit = await child.stop(300);
    expect(warn).toHaveBeenCalledWith(`stubborn (pid ${child.pid}) did not stop within 0.3s: sending SIGKILL`);
    warn.mockRestore();
    expect(exit?.signal).toBe('SIGKILL');
    expect(groupAlive(child.pid)).toBe(false);
  });

  it('with a log file and onLine, writes every line of both streams to the file and hands each on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pm-managed-log-'));
    try {
      const logFile = join(dir, 'app.log');
      writeFileSync(logFile, 'from before\n');
      const lines: string[] = [];
      const child = await ManagedProcess.start({
        name: 'chatty',
        command: 'sh',
        args: ['-c', 'echo one; echo two >&2; echo three'],
        logFile,
        onLine: (line, stream) => lines.push(`${stream} ${line}`),
      });
      await child.exited;
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(child.logFile).toBe(logFile);
      expect(lines.sort()).toEqual(['stderr two', 'stdout one', 'stdout three']);
      expect(readFileSync(logFile, 'utf8').split('\n').filter(Boolean).sort()).toEqual(['from before', 'one', 'three', 'two']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports an unknown command as a start error', async () => {
    await expect(ManagedProcess.start({ name: 'ghost', command: '/nonexistent/binary', args: [] })).rejects.toThrow(
      'ghost: cannot start /nonexistent/binary',
    );
  });
});
