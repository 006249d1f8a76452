import { setTimeout as sleep } from 'node:timers/promises';
import { activeProfile } from './profile.ts';
import { readInstance, releaseInstance } from './instance-record.ts';
import { stillRunning } from './process/process-identity.ts';
import { stopLeftovers } from './stop-leftovers.ts';

/**
 * `npm run stop`: asks the running orchestrator to shut down (it stops apps, then infrastructure) and waits for it.
 * If the orchestrator is gone or does not finish, the process groups it recorded are stopped directly.
 */

const say = (message: string): void => {
  process.stdout.write(`[stop] ${message}\n`);
};

const { instanceFile } = activeProfile();
const record = readInstance(instanceFile);
if (record === undefined) {
  say('the platform is not running');
  process.exit(0);
}

const orchestratorTimeoutMs = 60_000;
if (stillRunning(record.orchestrator)) {
  say(`asking the platform (pid ${record.orchestrator.pid}) to stop`);
  process.kill(record.orchestrator.pid, 'SIGTERM');
  const deadline = Date.now() + orchestratorTimeoutMs;
  while (Date.now() < deadline && stillRunning(record.orchestrator)) await sleep(200);
  if (stillRunning(record.orchestrator)) {
    say(`pid ${record.orchestrator.pid} did not stop within ${orchestratorTimeoutMs / 1000}s: stopping its processes directly`);
    process.kill(record.orchestrator.pid, 'SIGKILL');
  }
} else {
  say(`pid ${record.orchestrator.pid} is gone: stopping what it left behind`);
}

const leftovers = await stopLeftovers(record);
for (const name of leftovers) say(`stopped ${name}`);
releaseInstance(instanceFile);
say(leftovers.length === 0 ? 'stopped' : `stopped (${leftovers.length} process group(s) had to be stopped directly)`);
