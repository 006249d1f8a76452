/**
 * Creates or updates every JetStream stream of the contract registry, through @pm/messaging's ensureStreams.
 *
 * Loaded at run time rather than imported: @pm/messaging has @pm/testing (hence @pm/infra) as a dev dependency, so
 * a declared dependency back would make a cycle in the build graph. `turbo run build` has produced its dist before
 * the orchestrator runs.
 */
interface MessagingProvisioning {
  connectNats(options: { servers: string; name: string }): Promise<{ close(): Promise<void> }>;
  ensureStreams(nc: unknown): Promise<void>;
}

const messagingPackage: string = '@pm/messaging';

export async function provisionStreams(natsUrl: string): Promise<void> {
  const messaging = (await import(messagingPackage)) as MessagingProvisioning;
  const nc = await messaging.connectNats({ servers: natsUrl, name: 'pm-infra-provisioning' });
  try {
    await messaging.ensureStreams(nc);
  } finally {
    await nc.close();
  }
}
