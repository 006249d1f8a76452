import sharedTeardown from '@pm/testing/global-teardown';
import { platformSettingsVariable } from './platform-services.ts';
import { stopPlatformServices } from './platform.global-setup.ts';

/** Stops the services the BFF's global setup started, then what the shared setup started. */
export default async function globalTeardown(): Promise<void> {
  try {
    await stopPlatformServices();
  } finally {
    delete process.env[platformSettingsVariable];
    await sharedTeardown();
  }
}
