import { condition, log, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { InvoiceApprovalActivities } from './invoice-approval.activities.js';
import { InvoiceApproval, type InvoiceApprovalStatus, type InvoiceDecision, type WorkflowFunction } from '@pm/workflow-contracts';

const { sendApprovalReminder, escalateInvoiceApproval } = proxyActivities<InvoiceApprovalActivities>({
  // A notification is a short call to the messaging service; retries with backoff ride out its restarts.
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes' },
});

interface Decision {
  signal: InvoiceDecision;
  at: Date;
}

/**
 * Waits for the approver's decision on one invoice. While none arrives, it reminds the approver every
 * `reminderIntervalMs` on a durable timer (it survives worker restarts and deploys), and after `maxReminders`
 * unanswered reminders it escalates and ends. The first decision wins; later signals are ignored.
 *
 * Its public API (type name, input, signals, query) is the InvoiceApproval contract in @pm/workflow-contracts. Input
 * is parsed by the starter (startWorkflow): a parse failure inside the sandbox would fail workflow tasks forever
 * instead of rejecting the start.
 */
export const invoiceApprovalWorkflow: WorkflowFunction<typeof InvoiceApproval> = async (input) => {
  const { invoiceId, locationId, approverUserId, reminderIntervalMs, maxReminders } = input;
  const { workflowId, startTime } = workflowInfo();
  const pendingSince = startTime.toISOString();

  let decision: Decision | undefined;
  let remindersSent = 0;
  let escalatedAt: Date | undefined;
  let nextActionAt: Date | null = new Date(Date.now() + reminderIntervalMs);

  setHandler(InvoiceApproval.signals.decide, (signal) => {
    decision ??= { signal, at: new Date() };
  });
  setHandler(InvoiceApproval.queries.status, (): InvoiceApprovalStatus => ({
    state: decision ? outcomeOf(decision.signal) : escalatedAt ? 'escalated' : 'pending',
    remindersSent,
    nextActionAt: nextActionAt?.toISOString() ?? null,
  }));

  for (;;) {
    const decided = await condition(() => decision !== undefined, reminderIntervalMs);
    if (decided) break;

    if (remindersSent >= maxReminders) {
      await escalateInvoiceApproval({
        invoiceId,
        locationId,
        approverUserId,
        remindersSent,
        pendingSince,
        idempotencyKey: `${workflowId}:escalation`,
      });
      // A decision that arrived while the escalation was being delivered still counts.
      if (decision !== undefined) break;
      escalatedAt = new Date();
      nextActionAt = null;
      return { outcome: 'escalated', invoiceId, remindersSent, escalatedAt: escalatedAt.toISOString() };
    }

    const reminderNumber = remindersSent + 1;
    await sendApprovalReminder({
      invoiceId,
      locationId,
      approverUserId,
      reminderNumber,
      maxReminders,
      pendingSince,
      idempotencyKey: `${workflowId}:reminder:${reminderNumber}`,
    });
    remindersSent = reminderNumber;
    nextActionAt = new Date(Date.now() + reminderIntervalMs);
  }

  nextActionAt = null;
  const settled = decision as Decision;
  const decidedAt = settled.at.toISOString();
  const { signal } = settled;
  log.info('invoice approval decided', { invoiceId, outcome: outcomeOf(signal), remindersSent });
  if (signal.decision === 'approve') {
    const { approvedBy, note } = signal;
    return { outcome: 'approved', invoiceId, remindersSent, decidedBy: approvedBy, decidedAt, ...(note === undefined ? {} : { note }) };
  }
  return { outcome: 'rejected', invoiceId, remindersSent, decidedBy: signal.rejectedBy, decidedAt, reason: signal.reason };
};

function outcomeOf(decision: InvoiceDecision): 'approved' | 'rejected' {
  return decision.decision === 'approve' ? 'approved' : 'rejected';
}
