import { setTimeout as sleep } from 'node:timers/promises';
import type { RunningPlatform } from './platform.global-setup.js';

/** Asks the orchestrator to stop (it stops the apps, then the infrastructure, and deletes the data) and waits. */
export default async function stopPlatform(): Promise<void> {
  const running = (globalThis as { __pmPlatform?: RunningPlatform }).__pmPlatform;
  if (!running) return;
  const alive = () => {
    try {
      process.kill(running.pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!alive()) return;
  process.kill(running.pid, 'SIGTERM');
  const deadline = Date.now() + 60_000;
  while (alive() && Date.now() < deadline) await sleep(200);
  if (alive()) throw new Error(`the e2e platform (pid ${running.pid}) did not stop within 60s; see ${running.log}`);
}
