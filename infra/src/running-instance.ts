import { readInstance, type InstanceRecord } from './instance-record.ts';
import { stillRunning } from './process/process-identity.ts';

/** The record of an `npm start` whose orchestrator is still alive, if there is one. */
export function runningInstance(instanceFile: string): InstanceRecord | undefined {
  const record = readInstance(instanceFile);
  return record !== undefined && stillRunning(record.orchestrator) ? record : undefined;
}

export function alreadyRunningMessage(record: InstanceRecord): string {
  return `The platform is already running (pid ${record.orchestrator.pid}) — open http://127.0.0.1:3000 or stop it with npm run stop`;
}
