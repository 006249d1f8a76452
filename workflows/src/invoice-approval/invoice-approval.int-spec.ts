import { randomUUID } from 'node:crypto';
import { Client, Connection, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { bundleWorkflowCode, DefaultLogger, Runtime, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { InvoiceApproval, query, signal, startWorkflow, workflowHandle, workflowResult } from '@pm/workflow-contracts';
import { ZodError } from 'zod';
import { RecordingNotifier } from '../../test/support/recording-notifier.js';
import { TestWorkers } from '../../test/support/test-workers.js';
import { waitFor } from '../../test/support/wait-for.js';
import { webpackConfigHook, workflowsPath } from '../worker/workflows-path.js';

// Real Temporal dev server, started by @pm/testing's global setup: what a service meets in production. Reminder and
// escalation timers of days are tested with time skipping (invoice-approval.time-skipping.int-spec.ts); the worker
// restart below needs the real server's sticky-queue handoff, so its timers run in real seconds.
const address = process.env.TEMPORAL_ADDRESS;
const namespace = process.env.TEMPORAL_NAMESPACE ?? 'default';

describe('invoiceApprovalWorkflow on a real Temporal server', () => {
  let clientConnection: Connection;
  let client: Client;
  let workers: TestWorkers;
  let bundle: WorkflowBundleWithSourceMap;

  beforeAll(async () => {
    if (!address) throw new Error('TEMPORAL_ADDRESS is not set: run this through the integration project (its global setup starts Temporal)');
    Runtime.install({ logger: new DefaultLogger('WARN') });
    clientConnection = await Connection.connect({ address });
    client = new Client({ connection: clientConnection, namespace });
    // Bundled once: each worker below is still a fresh Worker with its own connection and an empty workflow cache.
    bundle = await bundleWorkflowCode({ workflowsPath, webpackConfigHook, logger: new DefaultLogger('WARN') });
    workers = new TestWorkers(address, namespace, bundle);
  }, 60_000);

  afterEach(async () => {
    await workers.stopAll();
  });

  afterAll(async () => {
    await clientConnection?.close();
  });

  function newCase() {
    const taskQueue = `invoice-approval-test-${randomUUID()}`;
    const invoiceId = `inv-${randomUUID()}`;
    return { taskQueue, invoiceId, key: { invoiceId }, notifier: new RecordingNotifier() };
  }

  const base = { locationId: 'loc-elm-street', approverUserId: 'usr-manager' };

  it('keeps its timer and reminder count across a complete worker restart', async () => {
    const { taskQueue, invoiceId, key, notifier } = newCase();
    const first = await workers.start(taskQueue, notifier, 'first worker');
    await startWorkflow(client, InvoiceApproval, { ...base, invoiceId, reminderIntervalMs: 2000, maxReminders: 10 }, { taskQueue });
    // Stop only once the workflow has recorded the reminder and started its next timer.
    await waitFor(
      'the workflow to count the first reminder',
      async () => (await query(client, InvoiceApproval, key, InvoiceApproval.queries.status)).remindersSent === 1,
    );

    await first.stop();
    // With no worker at all, the server still fires the next timer and queues the workflow task for whoever comes.
    const handle = workflowHandle(client, InvoiceApproval, key);
    await waitFor(
      'the timer to fire while no worker runs',
      async () => {
        const { events } = await handle.fetchHistory();
        return events!.filter((event) => event.timerFiredEventAttributes).length === 2;
      },
      10_000,
    );
    expect(notifier.reminders()).toHaveLength(1);

    await workers.start(taskQueue, notifier, 'second worker');
    await waitFor('the second reminder from the fresh worker', () => notifier.reminders().length >= 2);
    await signal(client, InvoiceApproval, key, InvoiceApproval.signals.decide, { decision: 'approve', approvedBy: 'usr-manager' });
    const result = await workflowResult(client, InvoiceApproval, key);

    const reminders = notifier.reminders();
    expect(result).toMatchObject({ outcome: 'approved', remindersSent: reminders.length });
    expect(reminders.map(({ message }) => message.reminderNumber)).toEqual(reminders.map((_, index) => index + 1));
    expect(reminders.map(({ by }) => by)).toEqual(['first worker', ...reminders.slice(1).map(() => 'second worker')]);

    // The history written by two worker processes replays with the current code.
    await expect(Worker.runReplayHistory({ workflowBundle: bundle }, await handle.fetchHistory())).resolves.toBeUndefined();
  }, 60_000);

  it('ends rejected on the reject signal and ignores a later approval', async () => {
    const { taskQueue, invoiceId, key, notifier } = newCase();
    await workers.start(taskQueue, notifier, 'worker');
    const workflowId = await startWorkflow(client, InvoiceApproval, { ...base, invoiceId, reminderIntervalMs: 60_000, maxReminders: 3 }, { taskQueue });
    expect(workflowId).toBe(`invoice-approval:${invoiceId}`);
    await signal(client, InvoiceApproval, key, InvoiceApproval.signals.decide, { decision: 'reject', rejectedBy: 'usr-manager', reason: 'billed twice' });
    await signal(client, InvoiceApproval, key, InvoiceApproval.signals.decide, { decision: 'approve', approvedBy: 'usr-other' });

    expect(await workflowResult(client, InvoiceApproval, key)).toMatchObject({
      outcome: 'rejected',
      remindersSent: 0,
      decidedBy: 'usr-manager',
      reason: 'billed twice',
    });
    expect(await query(client, InvoiceApproval, key, InvoiceApproval.queries.status)).toEqual({ state: 'rejected', remindersSent: 0, nextActionAt: null });
    expect(notifier.deliveries).toEqual([]);
  }, 30_000);

  it('runs one approval per invoice and rejects invalid input before it reaches Temporal', async () => {
    const { taskQueue, invoiceId, key, notifier } = newCase();
    await workers.start(taskQueue, notifier, 'worker');
    await startWorkflow(client, InvoiceApproval, { ...base, invoiceId }, { taskQueue });
    await expect(startWorkflow(client, InvoiceApproval, { ...base, invoiceId }, { taskQueue })).rejects.toBeInstanceOf(WorkflowExecutionAlreadyStartedError);
    await expect(
      startWorkflow(client, InvoiceApproval, { ...base, invoiceId: `inv-${randomUUID()}`, reminderIntervalMs: 10 }, { taskQueue }),
    ).rejects.toBeInstanceOf(ZodError);
    await expect(
      signal(client, InvoiceApproval, key, InvoiceApproval.signals.decide, { decision: 'approve', approvedBy: '' }),
    ).rejects.toBeInstanceOf(ZodError);

    await signal(client, InvoiceApproval, key, InvoiceApproval.signals.decide, { decision: 'approve', approvedBy: 'usr-manager' });
    expect(await workflowResult(client, InvoiceApproval, key)).toMatchObject({ outcome: 'approved', remindersSent: 0 });
  }, 30_000);
});
