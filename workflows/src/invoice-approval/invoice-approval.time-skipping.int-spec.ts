import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { bundleWorkflowCode, DefaultLogger, Runtime, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { InvoiceApproval, query, signal, startWorkflow, workflowResult } from '@pm/workflow-contracts';
import { RecordingNotifier } from '../../test/support/recording-notifier.js';
import { TestWorkers } from '../../test/support/test-workers.js';
import { startTimeSkippingEnvironment } from '../../test/support/time-skipping-env.js';
import { waitFor } from '../../test/support/wait-for.js';
import { webpackConfigHook, workflowsPath } from '../worker/workflows-path.js';

// Reminders are days apart in production; Temporal's time-skipping test server (installed by infra/src/install.ts,
// never downloaded at test time) fires those timers as soon as nothing else is running, so these tests use the
// canvas' real intervals and take seconds. A worker restart between two timers stays on the real dev server
// (invoice-approval.int-spec.ts): the test server does not hand a stopped worker's sticky workflow task on to a
// fresh worker the way the real server does.
const DAY_MS = 24 * 60 * 60 * 1000;
const interval = 3 * DAY_MS;

// Days pass in seconds on the time-skipping server, but a loaded machine stretches those seconds: the tests' own waits
// bound them, not jest's default 5 s.
jest.setTimeout(120_000);

describe('invoiceApprovalWorkflow timers, with time skipping', () => {
  let env: TestWorkflowEnvironment;
  let workers: TestWorkers;

  beforeAll(async () => {
    Runtime.install({ logger: new DefaultLogger('WARN') });
    env = await startTimeSkippingEnvironment();
    const bundle: WorkflowBundleWithSourceMap = await bundleWorkflowCode({ workflowsPath, webpackConfigHook, logger: new DefaultLogger('WARN') });
    workers = new TestWorkers(env.address, env.namespace ?? 'default', bundle);
  }, 90_000);

  afterEach(async () => {
    await workers.stopAll();
  });

  afterAll(async () => {
    await env?.teardown();
  });

  function newCase() {
    const invoiceId = `inv-${randomUUID()}`;
    return { taskQueue: `invoice-approval-test-${randomUUID()}`, invoiceId, key: { invoiceId }, notifier: new RecordingNotifier() };
  }

  const base = { locationId: 'loc-elm-street', approverUserId: 'usr-manager' };

  it('reminds the approver when the interval has passed, not before, and ends approved on the approve signal', async () => {
    const { taskQueue, invoiceId, key, notifier } = newCase();
    await workers.start(taskQueue, notifier, 'worker');
    await startWorkflow(env.client, InvoiceApproval, { ...base, invoiceId, reminderIntervalMs: interval, maxReminders: 5 }, { taskQueue });
    const startedAt = await env.currentTimeMs();

    await env.sleep(interval - 60_000);
    expect(await query(env.client, InvoiceApproval, key, InvoiceApproval.queries.status)).toMatchObject({ state: 'pending', remindersSent: 0 });
    expect(notifier.reminders()).toEqual([]);

    await env.sleep(120_000);
    const [first] = await waitFor('the first reminder', () => notifier.reminders().length === 1 && notifier.reminders());
    expect(await env.currentTimeMs()).toBeGreaterThanOrEqual(startedAt + interval);
    expect(first!.message).toMatchObject({
      invoiceId,
      ...base,
      reminderNumber: 1,
      maxReminders: 5,
      idempotencyKey: `invoice-approval:${invoiceId}:reminder:1`,
    });

    // The notifier sees the reminder before the workflow has processed the activity's completion.
    const status = await waitFor('the workflow to count the reminder', async () => {
      const current = await query(env.client, InvoiceApproval, key, InvoiceApproval.queries.status);
      return current.remindersSent === 1 && current;
    });
    expect(status.state).toBe('pending');
    // The next reminder is due one interval after the first one was sent.
    expect(Date.parse(status.nextActionAt!) - Date.parse(first!.message.pendingSince)).toBeGreaterThanOrEqual(2 * interval);

    await signal(env.client, InvoiceApproval, key, InvoiceApproval.signals.decide, {
      decision: 'approve',
      approvedBy: 'usr-manager',
      note: 'matches the purchase order',
    });
    expect(await workflowResult(env.client, InvoiceApproval, key)).toMatchObject({
      outcome: 'approved',
      invoiceId,
      remindersSent: 1,
      decidedBy: 'usr-manager',
      note: 'matches the purchase order',
    });
    expect(await query(env.client, InvoiceApproval, key, InvoiceApproval.queries.status)).toEqual({
      state: 'approved',
      remindersSent: 1,
      nextActionAt: null,
    });
    expect(notifier.escalations()).toEqual([]);
  }, 60_000);

  it('escalates once the allowed reminders went unanswered, after every interval has passed', async () => {
    const { taskQueue, invoiceId, key, notifier } = newCase();
    await workers.start(taskQueue, notifier, 'worker');
    await startWorkflow(env.client, InvoiceApproval, { ...base, invoiceId, reminderIntervalMs: interval, maxReminders: 2 }, { taskQueue });
    const startedAt = await env.currentTimeMs();

    // Awaiting the result lets the test server skip from timer to timer: two reminders, then the escalation.
    expect(await workflowResult(env.client, InvoiceApproval, key)).toMatchObject({ outcome: 'escalated', invoiceId, remindersSent: 2 });
    expect(await env.currentTimeMs()).toBeGreaterThanOrEqual(startedAt + 3 * interval);
    expect(notifier.reminders().map(({ message }) => message.reminderNumber)).toEqual([1, 2]);
    expect(notifier.escalations()).toEqual([
      expect.objectContaining({ invoiceId, remindersSent: 2, idempotencyKey: `invoice-approval:${invoiceId}:escalation` }),
    ]);
    expect(await query(env.client, InvoiceApproval, key, InvoiceApproval.queries.status)).toEqual({
      state: 'escalated',
      remindersSent: 2,
      nextActionAt: null,
    });
  }, 60_000);
});
