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

  const holder = async (dir: string) => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => undefined, 30_000)', join(dir, 'data')]);
    await new Promise((started) => child.once('spawn', started));
    return child;
  };
  const sixHoursAgo = (): number => (Date.now() - 6 * 60 * 60 * 1000 - 1000) / 1000;

  it('keeps a directory that names no owner until it is six hours old, and while a live process names it', async () => {
    const recent = made('pm-test-recent');
    const old = made('pm-test-old');
    utimesSync(old, sixHoursAgo(), sixHoursAgo());
    const held = made('pm-test-held');
    utimesSync(held, sixHoursAgo(), sixHoursAgo());
    const server = await holder(held);
    const unrelated = made('other-dir');
    try {
      expect(sweepStaleDirs(temp)).toEqual([old]);
      expect([held, recent, unrelated].every((dir) => existsSync(dir))).toBe(true);
      expect(server.exitCode).toBeNull();
    } finally {
      server.kill();
    }
  });

  it("kills the servers a killed run left behind in its directory, then removes it; a sibling's are left alone", async () => {
    const killed = made('pm-test-killed');
    claimDir(killed, await deadPid());
    const orphan = await holder(killed);
    const sibling = made('pm-test-killed2');
    claimDir(sibling, process.pid);
    const neighbour = await holder(sibling);
    const exited = new Promise((done) => orphan.once('exit', (_code, signal) => done(signal)));
    try {
      expect(sweepStaleDirs(temp)).toEqual([killed]);
      await expect(exited).resolves.toBe('SIGKILL');
      expect(neighbour.exitCode).toBeNull();
    } finally {
      neighbour.kill();
    }
  });
});
