// The public API of the invoice-approval workflow. Its type name, task queue, id scheme, signal and query names
// are what running workflows were started with: they never change without a migration.
import { z } from 'zod';
import { defineWorkflow, defineWorkflowQuery, defineWorkflowSignal } from '../define-workflow.js';
import { PM_WORKFLOWS_TASK_QUEUE } from '../task-queues.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export const InvoiceApprovalInputSchema = z.object({
  invoiceId: z.string().min(1),
  locationId: z.string().min(1),
  /** Who is reminded: the manager the canvas' notify node points at. */
  approverUserId: z.string().min(1),
  /** The canvas offers "remind in 1 to 15 days"; shorter intervals exist for tests and demos. */
  reminderIntervalMs: z.number().int().min(1000).max(15 * DAY_MS).default(3 * DAY_MS),
  /** Reminders sent before the approval is escalated instead. */
  maxReminders: z.number().int().min(0).max(50).default(3),
});
export type InvoiceApprovalInput = z.output<typeof InvoiceApprovalInputSchema>;

export const ApproveInvoiceSchema = z.object({
  decision: z.literal('approve'),
  approvedBy: z.string().min(1),
  note: z.string().max(2000).optional(),
});
export const RejectInvoiceSchema = z.object({
  decision: z.literal('reject'),
  rejectedBy: z.string().min(1),
  reason: z.string().min(1).max(2000),
});
export const InvoiceDecisionSchema = z.discriminatedUnion('decision', [ApproveInvoiceSchema, RejectInvoiceSchema]);
export type InvoiceDecision = z.output<typeof InvoiceDecisionSchema>;

const Common = { invoiceId: z.string().min(1), remindersSent: z.number().int().min(0) };

export const InvoiceApprovalResultSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('approved'), ...Common, decidedBy: z.string().min(1), decidedAt: z.iso.datetime(), note: z.string().optional() }),
  z.object({ outcome: z.literal('rejected'), ...Common, decidedBy: z.string().min(1), decidedAt: z.iso.datetime(), reason: z.string().min(1) }),
  z.object({ outcome: z.literal('escalated'), ...Common, escalatedAt: z.iso.datetime() }),
]);
export type InvoiceApprovalResult = z.output<typeof InvoiceApprovalResultSchema>;

export const InvoiceApprovalStatusSchema = z.object({
  state: z.enum(['pending', 'approved', 'rejected', 'escalated']),
  remindersSent: z.number().int().min(0),
  /** When the next reminder (or the escalation) is due while pending; null once the workflow has an outcome. */
  nextActionAt: z.iso.datetime().nullable(),
});
export type InvoiceApprovalStatus = z.output<typeof InvoiceApprovalStatusSchema>;

/**
 * Waits for the approver's decision on one invoice, reminding every `reminderIntervalMs` on a durable timer and
 * escalating after `maxReminders` unanswered reminders.
 */
export const InvoiceApproval = defineWorkflow({
  name: 'invoiceApprovalWorkflow',
  taskQueue: PM_WORKFLOWS_TASK_QUEUE,
  /** Business key: at most one approval runs per invoice, and anyone holding the invoice id can signal it. */
  workflowId: ({ invoiceId }: { invoiceId: string }) => `invoice-approval:${invoiceId}`,
  input: InvoiceApprovalInputSchema,
  result: InvoiceApprovalResultSchema,
  signals: {
    /**
     * Approval and rejection travel on one signal on purpose. Signals that reach a workflow before its first task
     * are buffered, and the TypeScript SDK hands buffered signals to each handler as that handler is registered:
     * with separate approve and reject signals, a reject sent first could lose to an approve sent after it. One
     * name keeps the order in which Temporal received them.
     */
    decide: defineWorkflowSignal('invoiceApproval.decide', InvoiceDecisionSchema),
  },
  queries: {
    status: defineWorkflowQuery('invoiceApproval.status', InvoiceApprovalStatusSchema),
  },
});
