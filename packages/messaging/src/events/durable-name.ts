const durablePattern = /^([a-z][a-z0-9-]*)\.([a-z][a-z0-9-]*)$/;

/**
 * Durable consumers are named `<service>.<event>` (e.g. `portfolio.user-registered`), as the architecture fixes.
 * NATS forbids `.` in consumer names, so the name on the server is `<service>_<event>`: one deterministic mapping,
 * here only. Both forms are public API.
 */
export function natsConsumerName(durable: string): string {
  const match = durablePattern.exec(durable);
  if (!match) throw new Error(`Durable consumer name "${durable}" must look like <service>.<event> (lowercase, dashes)`);
  return `${match[1]}_${match[2]}`;
}
