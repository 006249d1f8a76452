import type {
  ApprovalEscalation,
  ApprovalReminder,
  InvoiceApprovalNotifier,
} from '../../src/invoice-approval/invoice-approval.notifier.js';

export type Delivery =
  | { kind: 'reminder'; by: string; message: ApprovalReminder }
  | { kind: 'escalation'; by: string; message: ApprovalEscalation };

/**
 * Records what the activities deliver, tagged with the worker that delivered it, so a test can tell which worker
 * process sent which reminder. One log is shared by the notifiers of every worker in a test.
 */
export class RecordingNotifier {
  readonly deliveries: Delivery[] = [];

  for(worker: string): InvoiceApprovalNotifier {
    return {
      sendReminder: async (message) => {
        this.deliveries.push({ kind: 'reminder', by: worker, message });
      },
      escalate: async (message) => {
        this.deliveries.push({ kind: 'escalation', by: worker, message });
      },
    };
  }

  reminders(): Array<{ by: string; message: ApprovalReminder }> {
    return this.deliveries.flatMap((delivery) => (delivery.kind === 'reminder' ? [delivery] : []));
  }

  escalations(): ApprovalEscalation[] {
    return this.deliveries.flatMap((delivery) => (delivery.kind === 'escalation' ? [delivery.message] : []));
  }
}
