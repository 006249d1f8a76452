// Composition root of the Temporal worker process: config, logging, the Temporal connection, the worker, health
// endpoints and graceful shutdown. Workflow and activity code never reads the environment.
import { Client, Connection, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { NativeConnection, Runtime } from '@temporalio/worker';
import { connectNats } from '@pm/messaging';
import { RentCharges, startWorkflow } from '@pm/workflow-contracts';
import { loadWorkerConfig } from './config/worker-config.js';
import { HealthServer } from './health/health.server.js';
import { LoggingInvoiceApprovalNotifier } from './invoice-approval/logging-invoice-approval.notifier.js';
import { JsonLogger } from './logging/json-logger.js';
import { paymentsOverNats, paymentsUnreachable } from './rent-charges/payments-over-nats.js';
import { createWorker } from './worker/create-worker.js';

const bindings = { service: 'pm-workflows', pid: process.pid };

async function main(): Promise<void> {
  const config = loadWorkerConfig(process.env);
  const logger = new JsonLogger(config.LOG_LEVEL, bindings);
  // Installed before the first connection: the SDK and its native core then log through our JSON lines too.
  Runtime.install({ logger, telemetryOptions: { logging: { filter: { core: 'WARN', other: 'ERROR' }, forward: {} } } });

  const connection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS });
  const credentials = config.SERVICE_CLIENT_ID && config.SERVICE_CLIENT_SECRET ? { clientId: config.SERVICE_CLIENT_ID, clientSecret: config.SERVICE_CLIENT_SECRET } : undefined;
  const nats = config.NATS_URL && credentials ? await connectNats({ servers: config.NATS_URL, name: 'pm-workflows' }) : undefined;
  if (!nats) logger.warn('no NATS_URL or service credentials: the rent clock cannot ask payments to post rent charges');
  const worker = await createWorker({
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    // Reminders are logged until the messaging service's notification request exists; see the notifier's comment.
    deps: {
      notifier: new LoggingInvoiceApprovalNotifier(logger.child({ component: 'invoice-approval-notifier' })),
      payments: nats && credentials ? paymentsOverNats(nats, credentials) : paymentsUnreachable,
    },
  });
  await startRentClock(config, logger);

  const health = new HealthServer({ port: config.HTTP_PORT, isReady: () => worker.getState() === 'RUNNING' });
  await health.listen();

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    worker.shutdown();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  logger.info('worker starting', {
    temporalAddress: config.TEMPORAL_ADDRESS,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    healthPort: config.HTTP_PORT,
  });
  try {
    // Resolves once shutdown() has drained in-flight tasks; rejects if the worker fails (e.g. Temporal unreachable).
    await worker.run();
  } finally {
    await health.close();
    await connection.close();
    await nats?.close();
  }
  logger.info('worker stopped');
}

/** The platform's one rent clock (RentCharges, id `rent-charges`), started unless it already runs. */
async function startRentClock(config: ReturnType<typeof loadWorkerConfig>, logger: JsonLogger): Promise<void> {
  const connection = await Connection.connect({ address: config.TEMPORAL_ADDRESS });
  try {
    await startWorkflow(new Client({ connection, namespace: config.TEMPORAL_NAMESPACE }), RentCharges, {}, { taskQueue: config.TEMPORAL_TASK_QUEUE });
    logger.info('rent clock started', { workflowId: RentCharges.workflowId(undefined) });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  } finally {
    await connection.close();
  }
}

main().catch((error: unknown) => {
  new JsonLogger('error', bindings).error('worker failed', { error });
  process.exitCode = 1;
});
