/** A reminder that an invoice still waits for the approver's decision. */
export interface ApprovalReminder {
  invoiceId: string;
  locationId: string;
  approverUserId: string;
  /** 1-based; with maxReminders it lets the message say "reminder 2 of 3". */
  reminderNumber: number;
  maxReminders: number;
  pendingSince: string;
  /** Stable across activity retries, so the delivering service can drop duplicates. */
  idempotencyKey: string;
}

/** Raised when every reminder went unanswered: someone above the approver has to look at the invoice. */
export interface ApprovalEscalation {
  invoiceId: string;
  locationId: string;
  approverUserId: string;
  remindersSent: number;
  pendingSince: string;
  idempotencyKey: string;
}

/**
 * The port through which invoice-approval activities reach people. The composition root chooses the adapter
 * (the messaging service over NATS in the platform), so activities stay testable against a real recorder.
 */
export interface InvoiceApprovalNotifier {
  sendReminder(reminder: ApprovalReminder): Promise<void>;
  escalate(escalation: ApprovalEscalation): Promise<void>;
}
