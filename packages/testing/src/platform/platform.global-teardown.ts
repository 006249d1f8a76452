import { stopE2ePlatform } from '@pm/infra';
import type { RunningPlatform } from './platform.global-setup.js';

/** Asks the orchestrator to stop (it stops the apps, then the infrastructure, and deletes the data) and waits. */
export default async function stopPlatform(): Promise<void> {
  const running = (globalThis as { __pmPlatform?: RunningPlatform }).__pmPlatform;
  if (running) await stopE2ePlatform(running);
}
