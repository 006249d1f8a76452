import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { activeProfile } from './profile.ts';
import { appEnv } from './apps/app-env.ts';
import { appPorts } from './apps/app-ports.ts';

// How each way of starting the platform serves the web app (issue 9: npm start served the Vite dev server).
describe('activeProfile', () => {
  // appEnv reads the cache's secrets (and writes them when missing) and honours set variables: keep both out of the test.
  const saved = { PM_CACHE: process.env['PM_CACHE'], TRUSTED_PROXIES: process.env['TRUSTED_PROXIES'] };
  let cache: string;
  beforeAll(() => {
    cache = mkdtempSync(join(tmpdir(), 'pm-profile-'));
    process.env['PM_CACHE'] = cache;
    delete process.env['TRUSTED_PROXIES'];
  });
  afterAll(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    rmSync(cache, { recursive: true, force: true });
  });

  it('npm start: the BFF serves the built web app on its own URL, so links in e-mails point there', () => {
    const profile = activeProfile({});
    expect(profile).toMatchObject({ name: 'dev', webFromBff: true, appPortOffset: 0, durable: true });
    const env = appEnv({} as never, appPorts.bff, profile, 'bff');
    expect(env).toMatchObject({ SERVE_WEB: 'true', PUBLIC_WEB_URL: `http://127.0.0.1:${appPorts.bff}`, TRUSTED_PROXIES: '' });
  });

  it('npm run dev: the same platform (data, ports, instance) with the Vite dev server and its proxy in front', () => {
    const start = activeProfile({});
    const dev = activeProfile({ PM_WEB_DEV_SERVER: 'true' });
    expect(dev).toEqual({ ...start, webFromBff: false });
    const env = appEnv({} as never, appPorts.bff, dev, 'bff');
    expect(env).toMatchObject({ SERVE_WEB: 'false', PUBLIC_WEB_URL: `http://127.0.0.1:${appPorts.web}`, TRUSTED_PROXIES: '127.0.0.1,::1' });
  });

  it('refuses a PM_WEB_DEV_SERVER that is neither true nor false rather than guessing', () => {
    expect(() => activeProfile({ PM_WEB_DEV_SERVER: 'yes' })).toThrow('PM_WEB_DEV_SERVER must be true or false, not "yes"');
  });

  it('the e2e profile keeps serving the built app from the BFF on its own ports', () => {
    expect(activeProfile({ PM_PROFILE: 'e2e' })).toMatchObject({ name: 'e2e', webFromBff: true, appPortOffset: 20_000 });
  });

  it('an e2e platform given other ports (a second test run on the machine) has them, and an instance file of its own', () => {
    const planned = activeProfile({ PM_PROFILE: 'e2e' });
    const stackPorts = Object.fromEntries(Object.keys(planned.stackPorts).map((key, index) => [key, 40_000 + index]));
    const moved = activeProfile({ PM_PROFILE: 'e2e', PM_E2E_APP_PORT_OFFSET: '21000', PM_E2E_STACK_PORTS: JSON.stringify(stackPorts) });
    expect(moved).toMatchObject({ appPortOffset: 21_000, stackPorts });
    expect(moved.instanceFile).not.toBe(planned.instanceFile);
    expect(() => activeProfile({ PM_PROFILE: 'e2e', PM_E2E_APP_PORT_OFFSET: '-5' })).toThrow('PM_E2E_APP_PORT_OFFSET must be a whole number from 0 to 40000, not "-5"');
    expect(() => activeProfile({ PM_PROFILE: 'e2e', PM_E2E_STACK_PORTS: JSON.stringify({ ...stackPorts, nats: 'x' }) })).toThrow('PM_E2E_STACK_PORTS has no valid nats port');
  });
});
