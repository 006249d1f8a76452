import type { Logger } from '@temporalio/worker';
import type { ApprovalEscalation, ApprovalReminder, InvoiceApprovalNotifier } from './invoice-approval.notifier.js';

/**
 * Delivers reminders and escalations as structured log lines. The worker wires this adapter until the messaging
 * service exposes its notification request over NATS; swapping it is a change in main.ts only, the workflow and
 * activities stay as they are.
 */
export class LoggingInvoiceApprovalNotifier implements InvoiceApprovalNotifier {
  constructor(private readonly logger: Logger) {}

  async sendReminder(reminder: ApprovalReminder): Promise<void> {
    this.logger.info('invoice approval reminder', { event: 'invoice-approval.reminder', ...reminder });
  }

  async escalate(escalation: ApprovalEscalation): Promise<void> {
    this.logger.warn('invoice approval escalation', { event: 'invoice-approval.escalation', ...escalation });
  }
}
