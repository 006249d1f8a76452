// The public API of the invoice-approval workflow: its id, input, result, signals and query. Signal and query names
// are stored in workflow histories, so renaming one breaks running workflows: add a new name and migrate instead.
import { defineQuery, defineSignal } from '@temporalio/workflow';
import { z } from 'zod';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Business key: at most one approval runs per invoice, and anyone holding the invoice id can signal it. */
export function invoiceApprovalWorkflowId(invoiceId: string): string {
  return `invoice-approval:${invoiceId}`;
}

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

export const ApproveInvoiceSchema = z.object({ approvedBy: z.string().min(1), note: z.string().max(2000).optional() });
export type ApproveInvoice = z.output<typeof ApproveInvoiceSchema>;

export const RejectInvoiceSchema = z.object({ rejectedBy: z.string().min(1), reason: z.string().min(1).max(2000) });
export type RejectInvoice = z.output<typeof RejectInvoiceSchema>;

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

export const approveSignal = defineSignal<[ApproveInvoice]>('invoiceApproval.approve');
export const rejectSignal = defineSignal<[RejectInvoice]>('invoiceApproval.reject');
export const statusQuery = defineQuery<InvoiceApprovalStatus>('invoiceApproval.status');
