import { type InstanceRecord } from './instance-record.ts';
import { stopRecordedProcess } from './process/stop-recorded-process.ts';

const infrastructure = new Set(['postgres', 'nats', 'minio', 'temporal', 'mail']);

/**
 * Stops the process groups of an orchestrator that is gone: apps first (they hold connections to the
 * infrastructure), then the infrastructure, each batch in parallel. Returns the names that were still running.
 */
export async function stopLeftovers(record: InstanceRecord): Promise<string[]> {
  const apps = record.children.filter((child) => !infrastructure.has(child.name));
  const infra = record.children.filter((child) => infrastructure.has(child.name));
  const stopped: string[] = [];
  for (const batch of [apps, infra]) {
    const results = await Promise.all(batch.map(async (child) => ((await stopRecordedProcess(child)) ? `${child.name} (pid ${child.pid})` : undefined)));
    stopped.push(...results.filter((name): name is string => name !== undefined));
  }
  return stopped;
}
