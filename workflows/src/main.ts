// Composition root of the Temporal worker process: config, logging, the Temporal connection, the worker, health
// endpoints and graceful shutdown. Workflow and activity code never reads the environment.
import { NativeConnection, Runtime } from '@temporalio/worker';
import { loadWorkerConfig } from './config/worker-config.js';
import { HealthServer } from './health/health.server.js';
import { LoggingInvoiceApprovalNotifier } from './invoice-approval/logging-invoice-approval.notifier.js';
import { JsonLogger } from './logging/json-logger.js';
import { createWorker } from './worker/create-worker.js';

const bindings = { service: 'pm-workflows', pid: process.pid };

async function main(): Promise<void> {
  const config = loadWorkerConfig(process.env);
  const logger = new JsonLogger(config.LOG_LEVEL, bindings);
  // Installed before the first connection: the SDK and its native core then log through our JSON lines too.
  Runtime.install({ logger, telemetryOptions: { logging: { filter: { core: 'WARN', other: 'ERROR' }, forward: {} } } });

  const connection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS });
  const worker = await createWorker({
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    // Reminders are logged until the messaging service's notification request exists; see the notifier's comment.
    deps: { notifier: new LoggingInvoiceApprovalNotifier(logger.child({ component: 'invoice-approval-notifier' })) },
  });

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
  }
  logger.info('worker stopped');
}

main().catch((error: unknown) => {
  new JsonLogger('error', bindings).error('worker failed', { error });
  process.exitCode = 1;
});
