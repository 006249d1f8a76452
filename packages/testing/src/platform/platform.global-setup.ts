import { startE2ePlatform, type E2ePlatform } from '@pm/infra';

export type RunningPlatform = Pick<E2ePlatform, 'pid' | 'log'>;

/** Starts the whole platform for browser journeys (infra's e2e profile) and exports where it answers. */
export default async function startPlatform(): Promise<void> {
  const platform = await startE2ePlatform();
  (globalThis as { __pmPlatform?: RunningPlatform }).__pmPlatform = platform;
  process.env['E2E_BASE_URL'] = platform.baseUrl;
  process.env['E2E_MAIL_API_URL'] = platform.mailApiUrl;
  process.env['E2E_STRIPE_URL'] = platform.stripeUrl;
  process.env['E2E_PADDLE_URL'] = platform.paddleUrl;
  process.env['E2E_PLATFORM_LOG'] = platform.log;
  process.env['E2E_DEMO_PASSWORD'] = platform.demoPassword;
  // This run's ports, for a test that reads the e2e profile (infra's activeProfile) in a worker.
  Object.assign(process.env, platform.profileEnv);
}
