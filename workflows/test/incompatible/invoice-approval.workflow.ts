// An incompatible edit of invoiceApprovalWorkflow (the first reminder became an escalation), kept only so the
// replay spec can show that replaying recorded histories catches such a change.
import { condition, proxyActivities } from '@temporalio/workflow';
import type { InvoiceApprovalActivities } from '../../src/invoice-approval/invoice-approval.activities.js';
import type { InvoiceApprovalInput } from '@pm/workflow-contracts';

const { escalateInvoiceApproval } = proxyActivities<InvoiceApprovalActivities>({ startToCloseTimeout: '30 seconds' });

export async function invoiceApprovalWorkflow(input: InvoiceApprovalInput): Promise<void> {
  if (await condition(() => false, input.reminderIntervalMs)) return;
  await escalateInvoiceApproval({
    invoiceId: input.invoiceId,
    locationId: input.locationId,
    approverUserId: input.approverUserId,
    remindersSent: 0,
    pendingSince: '',
    idempotencyKey: '',
  });
}
