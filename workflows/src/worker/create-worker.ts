import { type NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import { createActivities, type InvoiceApprovalActivityDeps } from '../invoice-approval/invoice-approval.activities.js';
import { createRentChargesActivities, type RentChargesActivityDeps } from '../rent-charges/rent-charges.activities.js';
import { webpackConfigHook, workflowsPath } from './workflows-path.js';

/** What the activities of every workflow the worker serves need. */
export type WorkerDeps = InvoiceApprovalActivityDeps & RentChargesActivityDeps;

export interface CreateWorkerOptions {
  connection: NativeConnection;
  namespace: string;
  taskQueue: string;
  deps: WorkerDeps;
  /** A pre-built bundle skips webpack; tests that start several workers bundle once. */
  workflowBundle?: WorkerOptions['workflowBundle'];
}

/** The one place that decides what a worker serves, shared by the process entry point and the integration tests. */
export async function createWorker({ connection, namespace, taskQueue, deps, workflowBundle }: CreateWorkerOptions): Promise<Worker> {
  return Worker.create({
    connection,
    namespace,
    taskQueue,
    ...(workflowBundle ? { workflowBundle } : { workflowsPath, bundlerOptions: { webpackConfigHook } }),
    activities: { ...createActivities(deps), ...createRentChargesActivities(deps) },
    // In-flight activities get this long to finish on SIGTERM before they are cancelled and retried elsewhere.
    shutdownGraceTime: '20 seconds',
  });
}
