/**
 * `BENCH_CPU_PROFILE=<dir> npm run bench`: the bench starts the platform's Node processes with this module preloaded
 * (NODE_OPTIONS=--import). It samples the whole life of the BFF and of each service and writes
 * `<dir>/<app>-<pid>.cpuprofile` (open in Chrome DevTools or speedscope) when the process is asked to stop.
 * Node's own --cpu-prof cannot be used: Nest re-raises SIGTERM after its shutdown hooks, so the process dies by the
 * signal and Node never writes the profile. This listener is registered before Nest's, and the in-thread inspector
 * session answers synchronously, so the file is written before Nest starts shutting down.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { basename, dirname, join } from 'node:path';

const dir = process.env['BENCH_CPU_PROFILE'];
const script = process.argv[1] ?? '';
// Only the apps (…/<app>/dist/main.js), not the orchestrator, npm or the tools the platform starts.
const app = /\/dist\/main\.js$/.test(script) ? basename(dirname(dirname(script))) : undefined;

if (dir && app) {
  const session = new Session();
  session.connect();
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  session.post('Profiler.enable');
  session.post('Profiler.start');
  process.prependListener('SIGTERM', () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(join(dir, `${app}-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
