import { activeProfile } from './profile.ts';
import { alreadyRunningMessage, runningInstance } from './running-instance.ts';

/*
 * First step of infra/bin/start, before npm ci and the build: rebuilding dist/ under a running platform would pull
 * files from under its processes. Node built-ins only, so it works before node_modules exists. dev.ts checks again
 * (atomically) when it claims the instance.
 */
const running = runningInstance(activeProfile().instanceFile);
if (running !== undefined) {
  process.stderr.write(`${alreadyRunningMessage(running)}\n`);
  process.exit(1);
}
