import { log } from '@temporalio/activity';
import type { ApprovalEscalation, ApprovalReminder, InvoiceApprovalNotifier } from './invoice-approval.notifier.js';

export interface InvoiceApprovalActivityDeps {
  notifier: InvoiceApprovalNotifier;
}

/**
 * Activities get their dependencies here instead of importing them, so the worker wires production adapters and
 * tests wire recorders without module mocking.
 */
export function createActivities({ notifier }: InvoiceApprovalActivityDeps) {
  return {
    async sendApprovalReminder(reminder: ApprovalReminder): Promise<void> {
      await notifier.sendReminder(reminder);
      log.info('invoice approval reminder sent', { invoiceId: reminder.invoiceId, reminderNumber: reminder.reminderNumber });
    },

    async escalateInvoiceApproval(escalation: ApprovalEscalation): Promise<void> {
      await notifier.escalate(escalation);
      log.warn('invoice approval escalated', { invoiceId: escalation.invoiceId, remindersSent: escalation.remindersSent });
    },
  };
}

export type InvoiceApprovalActivities = ReturnType<typeof createActivities>;
