import { randomUUID } from 'node:crypto';
import { Client, Connection, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { bundleWorkflowCode, DefaultLogger, NativeConnection, Runtime, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { ZodError } from 'zod';
import { RecordingNotifier } from '../../test/support/recording-notifier.js';
import { waitFor } from '../../test/support/wait-for.js';
import { createWorker } from '../worker/create-worker.js';
import { workflowsPath } from '../worker/workflows-path.js';
import { InvoiceApprovalClient } from './invoice-approval.client.js';

// Real Temporal dev server, started by @pm/testing's global setup; timers run in real time, so intervals are seconds.
const address = process.env.TEMPORAL_ADDRESS;
const namespace = process.env.TEMPORAL_NAMESPACE ?? 'default';

interface RunningWorker {
  stop(): Promise<void>;
}

describe('invoiceApprovalWorkflow on a real Temporal server', () => {
  let clientConnection: Connection;
  let client: Client;
  let bundle: WorkflowBundleWithSourceMap;
  const running = new Set<RunningWorker>();

  beforeAll(async () => {
    if (!address) throw new Error('TEMPORAL_ADDRESS is not set: run this through the integration project (its global setup starts Temporal)');
    Runtime.install({ logger: new DefaultLogger('WARN') });
    clientConnection = await Connection.connect({ address });
    client = new Client({ connection: clientConnection, namespace });
    // Bundled once: each worker below is still a fresh Worker with its own connection and an empty workflow cache.
    bundle = await bundleWorkflowCode({ workflowsPath, logger: new DefaultLogger('WARN') });
  }, 60_000);

  afterEach(async () => {
    await Promise.all([...running].map((worker) => worker.stop()));
  });

  afterAll(async () => {
    await clientConnection?.close();
  });

  /** A worker as the process runs it: own connection, full shutdown (drain, stop, disconnect) when stopped. */
  async function startWorker(taskQueue: string, notifier: RecordingNotifier, name: string): Promise<RunningWorker> {
    const connection = await NativeConnection.connect({ address: address! });
    const worker = await createWorker({ connection, namespace, taskQueue, deps: { notifier: notifier.for(name) }, workflowBundle: bundle });
    const run = worker.run();
    await waitFor(`${name} to run`, () => worker.getState() === 'RUNNING');
    const handle: RunningWorker = {
      async stop() {
        running.delete(handle);
        if (worker.getState() === 'RUNNING') worker.shutdown();
        await run;
        await connection.close();
      },
    };
    running.add(handle);
    return handle;
  }

  function newCase() {
    const taskQueue = `invoice-approval-test-${randomUUID()}`;
    return { taskQueue, invoiceId: `inv-${randomUUID()}`, approvals: new InvoiceApprovalClient(client, taskQueue), notifier: new RecordingNotifier() };
  }

  const base = { locationId: 'loc-elm-street', approverUserId: 'usr-manager' };

  it('reminds the approver when the durable timer fires and ends approved on the approve signal', async () => {
    const { taskQueue, invoiceId, approvals, notifier } = newCase();
    await startWorker(taskQueue, notifier, 'worker');
    const startedAt = Date.now();
    const workflowId = await approvals.start({ ...base, invoiceId, reminderIntervalMs: 2000, maxReminders: 5 });
    expect(workflowId).toBe(`invoice-approval:${invoiceId}`);

    const [first] = await waitFor('the first reminder', () => notifier.reminders().length === 1 && notifier.reminders());
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(2000);
    expect(first!.message).toMatchObject({
      invoiceId,
      ...base,
      reminderNumber: 1,
      maxReminders: 5,
      idempotencyKey: `invoice-approval:${invoiceId}:reminder:1`,
    });

    // The notifier sees the reminder before the workflow has processed the activity's completion.
    const status = await waitFor('the workflow to count the reminder', async () => {
      const current = await approvals.status(invoiceId);
      return current.remindersSent === 1 && current;
    });
    expect(status.state).toBe('pending');
    expect(Date.parse(status.nextActionAt!)).toBeGreaterThan(Date.parse(first!.message.pendingSince));

    await approvals.approve(invoiceId, { approvedBy: 'usr-manager', note: 'matches the purchase order' });
    expect(await approvals.result(invoiceId)).toMatchObject({
      outcome: 'approved',
      invoiceId,
      remindersSent: 1,
      decidedBy: 'usr-manager',
      note: 'matches the purchase order',
    });
    expect(await approvals.status(invoiceId)).toEqual({ state: 'approved', remindersSent: 1, nextActionAt: null });
    expect(notifier.escalations()).toEqual([]);
  }, 30_000);

  it('keeps its timer and reminder count across a complete worker restart', async () => {
    const { taskQueue, invoiceId, approvals, notifier } = newCase();
    const first = await startWorker(taskQueue, notifier, 'first worker');
    await approvals.start({ ...base, invoiceId, reminderIntervalMs: 2000, maxReminders: 10 });
    // Stop only once the workflow has recorded the reminder and started its next timer.
    await waitFor('the workflow to count the first reminder', async () => (await approvals.status(invoiceId)).remindersSent === 1);

    await first.stop();
    // With no worker at all, the server still fires the next timer and queues the workflow task for whoever comes.
    const handle = approvals.handle(invoiceId);
    await waitFor(
      'the timer to fire while no worker runs',
      async () => {
        const { events } = await handle.fetchHistory();
        return events!.filter((event) => event.timerFiredEventAttributes).length === 2;
      },
      10_000,
    );
    expect(notifier.reminders()).toHaveLength(1);

    await startWorker(taskQueue, notifier, 'second worker');
    await waitFor('the second reminder from the fresh worker', () => notifier.reminders().length >= 2);
    await approvals.approve(invoiceId, { approvedBy: 'usr-manager' });
    const result = await approvals.result(invoiceId);

    const reminders = notifier.reminders();
    expect(result).toMatchObject({ outcome: 'approved', remindersSent: reminders.length });
    expect(reminders.map(({ message }) => message.reminderNumber)).toEqual(reminders.map((_, index) => index + 1));
    expect(reminders.map(({ by }) => by)).toEqual(['first worker', ...reminders.slice(1).map(() => 'second worker')]);

    // The history written by two worker processes replays with the current code.
    await expect(Worker.runReplayHistory({ workflowBundle: bundle }, await handle.fetchHistory())).resolves.toBeUndefined();
  }, 60_000);

  it('ends rejected on the reject signal and ignores a later approval', async () => {
    const { taskQueue, invoiceId, approvals, notifier } = newCase();
    await startWorker(taskQueue, notifier, 'worker');
    await approvals.start({ ...base, invoiceId, reminderIntervalMs: 60_000, maxReminders: 3 });
    await approvals.reject(invoiceId, { rejectedBy: 'usr-manager', reason: 'billed twice' });
    await approvals.approve(invoiceId, { approvedBy: 'usr-other' });

    expect(await approvals.result(invoiceId)).toMatchObject({
      outcome: 'rejected',
      remindersSent: 0,
      decidedBy: 'usr-manager',
      reason: 'billed twice',
    });
    expect(notifier.deliveries).toEqual([]);
  }, 30_000);

  it('escalates once the allowed reminders went unanswered', async () => {
    const { taskQueue, invoiceId, approvals, notifier } = newCase();
    await startWorker(taskQueue, notifier, 'worker');
    await approvals.start({ ...base, invoiceId, reminderIntervalMs: 1000, maxReminders: 2 });

    expect(await approvals.result(invoiceId)).toMatchObject({ outcome: 'escalated', invoiceId, remindersSent: 2 });
    expect(notifier.reminders().map(({ message }) => message.reminderNumber)).toEqual([1, 2]);
    expect(notifier.escalations()).toEqual([
      expect.objectContaining({ invoiceId, remindersSent: 2, idempotencyKey: `invoice-approval:${invoiceId}:escalation` }),
    ]);
    expect(await approvals.status(invoiceId)).toEqual({ state: 'escalated', remindersSent: 2, nextActionAt: null });
  }, 30_000);

  it('runs one approval per invoice and rejects invalid input before it reaches Temporal', async () => {
    const { taskQueue, invoiceId, approvals, notifier } = newCase();
    await startWorker(taskQueue, notifier, 'worker');
    await approvals.start({ ...base, invoiceId });
    await expect(approvals.start({ ...base, invoiceId })).rejects.toBeInstanceOf(WorkflowExecutionAlreadyStartedError);
    await expect(approvals.start({ ...base, invoiceId: `inv-${randomUUID()}`, reminderIntervalMs: 10 })).rejects.toBeInstanceOf(ZodError);
    await expect(approvals.approve(invoiceId, { approvedBy: '' })).rejects.toBeInstanceOf(ZodError);

    await approvals.approve(invoiceId, { approvedBy: 'usr-manager' });
    expect(await approvals.result(invoiceId)).toMatchObject({ outcome: 'approved', remindersSent: 0 });
  }, 30_000);
});
