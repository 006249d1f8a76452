import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { claimDir, sweepStaleDirs } from './stale-dirs.ts';

describe('sweepStaleDirs', () => {
  let temp: string;
  beforeEach(() => {
    temp = mkdtempSync(join(tmpdir(), 'sweep-'));
  });
  afterEach(() => rmSync(temp, { recursive: true, force: true }));

  const made = (name: string): string => {
    const dir = join(temp, name);
    mkdirSync(dir);
    return dir;
  };

  /** The pid of a process that has exited. */
  const deadPid = async (): Promise<number> => {
    const child = spawn(process.execPath, ['-e', '0']);
    await new Promise((done) => child.once('exit', done));
    return child.pid!;
  };

  it("removes a killed run's directories and keeps a live run's", async () => {
    const killed = made('pm-test-killed');
    claimDir(killed, await deadPid());
    const killedReports = made('pm-jest-reports-killed');
    claimDir(killedReports, await deadPid());
    const live = made('pm-test-live');
    claimDir(live, process.pid);

    expect(sweepStaleDirs(temp).sort()).toEqual([killedReports, killed].sort());
    expect(existsSync(live)).toBe(true);
  });

  it('keeps a directory a live process still names, and one that names no owner until it is six hours old', async () => {
    const held = made('pm-test-held');
    claimDir(held, await deadPid());
    const server = spawn(process.execPath, ['-e', 'setTimeout(() => undefined, 30_000)', held]);
    await new Promise((started) => server.once('spawn', started));
    const recent = made('pm-test-recent');
    const old = made('pm-test-old');
    const sixHoursAgo = (Date.now() - 6 * 60 * 60 * 1000 - 1000) / 1000;
    utimesSync(old, sixHoursAgo, sixHoursAgo);
    const unrelated = made('other-dir');
    try {
      expect(sweepStaleDirs(temp)).toEqual([old]);
      expect([held, recent, unrelated].every((dir) => existsSync(dir))).toBe(true);
    } finally {
      server.kill();
    }
  });
});
