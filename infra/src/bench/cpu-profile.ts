import { join, resolve } from 'node:path';

/**
 * The environment a bench starts the platform with: with `BENCH_CPU_PROFILE=<dir>` set, every app is started with
 * cpu-profile.preload.ts and writes its CPU profile there when the platform stops; otherwise nothing is added.
 */
export function cpuProfileEnv(): Record<string, string> {
  const dir = process.env['BENCH_CPU_PROFILE'];
  return dir ? { BENCH_CPU_PROFILE: resolve(dir), NODE_OPTIONS: `--import=${join(import.meta.dirname, 'cpu-profile.preload.ts')}` } : {};
}
