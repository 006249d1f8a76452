import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, createWriteStream, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { groupAlive } from './group-alive.ts';

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ProcessSpec {
  name: string;
  command: string;
  args: readonly string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /**
   * Infrastructure servers write to a log file so their chatter does not drown the apps' output. With onLine too
   * (the apps), every line is appended to the file and also handed to onLine, which decides what the console shows.
   */
  logFile?: string;
  /** Apps are piped line by line (for prefixing and the console filter). */
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
  /** Run as this unprivileged user (PostgreSQL refuses to run as root). */
  user?: { uid: number; gid: number };
  /** PostgreSQL's SIGTERM waits for every client to disconnect; it needs SIGINT for a prompt shutdown. */
  stopSignal?: NodeJS.Signals;
}

/**
 * A child started in its own process group, so stopping it also stops whatever it forked (npx chains, minio's
 * helpers) and a Ctrl-C on the terminal reaches only the orchestrator, which then stops children in order.
 */
export class ManagedProcess {
  readonly name: string;
  readonly pid: number;
  readonly logFile: string | undefined;
  readonly exited: Promise<ProcessExit>;
  #exit: ProcessExit | undefined;
  #stopRequested = false;
  readonly #stopSignal: NodeJS.Signals;

  private constructor(spec: ProcessSpec, child: ChildProcess) {
    if (child.pid === undefined) throw new Error(`${spec.name}: spawn returned no pid`);
    this.name = spec.name;
    this.pid = child.pid;
    this.logFile = spec.logFile;
    this.#stopSignal = spec.stopSignal ?? 'SIGTERM';
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.#exit = { code, signal };
        resolve(this.#exit);
      });
    });
  }

  static async start(spec: ProcessSpec): Promise<ManagedProcess> {
    let logFd: number | undefined;
    if (spec.logFile !== undefined) mkdirSync(dirname(spec.logFile), { recursive: true });
    if (spec.logFile !== undefined && spec.onLine === undefined) logFd = openSync(spec.logFile, 'a');
    try {
      const child = spawn(spec.command, spec.args, {
        cwd: spec.cwd,
        env: spec.env ?? process.env,
        detached: true,
        stdio: ['ignore', logFd ?? 'pipe', logFd ?? 'pipe'],
        ...(spec.user === undefined ? {} : { uid: spec.user.uid, gid: spec.user.gid }),
      });
      await new Promise<void>((resolve, reject) => {
        child.once('spawn', () => resolve());
        child.once('error', (error) => reject(new Error(`${spec.name}: cannot start ${spec.command}: ${error.message}`)));
      });
      const managed = new ManagedProcess(spec, child);
      if (spec.onLine !== undefined) {
        const log = spec.logFile === undefined ? undefined : createWriteStream(spec.logFile, { flags: 'a' });
        const forward = spec.onLine;
        // A log file that cannot be written (a full disk) must not take the orchestrator down: the console still works.
        log?.on('error', () => undefined);
        const onLine = log === undefined ? forward : (line: string, stream: 'stdout' | 'stderr') => {
          if (!log.writableEnded) log.write(`${line}\n`);
          forward(line, stream);
        };
        // After the exit, once both pipes are drained (readline has handed on their last lines).
        if (log !== undefined) child.once('close', () => log.end());
        if (child.stdout) createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', (line) => onLine(line, 'stdout'));
        if (child.stderr) createInterface({ input: child.stderr, crlfDelay: Infinity }).on('line', (line) => onLine(line, 'stderr'));
      }
      return managed;
    } finally {
      if (logFd !== undefined) closeSync(logFd);
    }
  }

  get running(): boolean {
    return this.#exit === undefined;
  }

  /** True once stop() was called: an exit after that is expected, any other exit is a crash worth shouting about. */
  get stopRequested(): boolean {
    return this.#stopRequested;
  }

  /** Signals the whole group, escalates to SIGKILL after the grace period, and resolves when no member is left. */
  async stop(graceMs = 10_000): Promise<ProcessExit | undefined> {
    this.#stopRequested = true;
    signalGroup(this.pid, this.#stopSignal);
    const deadline = Date.now() + graceMs;
    while (Date.now() < deadline && (this.running || groupAlive(this.pid))) await sleep(50);
    if (this.running || groupAlive(this.pid)) {
      console.warn(`${this.name} (pid ${this.pid}) did not stop within ${graceMs / 1000}s: sending SIGKILL`);
      signalGroup(this.pid, 'SIGKILL');
      await this.exited;
      while (groupAlive(this.pid)) await sleep(50);
    }
    return this.#exit;
  }
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}
