import type { Client, WorkflowHandle } from '@temporalio/client';
import type { z } from 'zod';
import {
  ApproveInvoiceSchema,
  decisionSignal,
  InvoiceApprovalInputSchema,
  InvoiceApprovalResultSchema,
  InvoiceApprovalStatusSchema,
  invoiceApprovalWorkflowId,
  RejectInvoiceSchema,
  statusQuery,
  type InvoiceApprovalResult,
  type InvoiceApprovalStatus,
} from './invoice-approval.contracts.js';
import { invoiceApprovalWorkflow } from './invoice-approval.workflow.js';

/**
 * The process boundary of the invoice-approval workflow: everything going in is parsed before it reaches Temporal,
 * everything coming out is parsed before the caller sees it, and the workflow id is always the business key.
 */
export class InvoiceApprovalClient {
  constructor(
    private readonly client: Client,
    private readonly taskQueue: string,
  ) {}

  /** Starts the approval; throws WorkflowExecutionAlreadyStartedError while one is already running for the invoice. */
  async start(input: z.input<typeof InvoiceApprovalInputSchema>): Promise<string> {
    const parsed = InvoiceApprovalInputSchema.parse(input);
    const workflowId = invoiceApprovalWorkflowId(parsed.invoiceId);
    // The function reference, not a string, so the started type cannot drift from the one the worker registers.
    await this.client.workflow.start(invoiceApprovalWorkflow, {
      workflowId,
      taskQueue: this.taskQueue,
      args: [parsed],
    });
    return workflowId;
  }

  async approve(invoiceId: string, approval: Omit<z.input<typeof ApproveInvoiceSchema>, 'decision'>): Promise<void> {
    await this.handle(invoiceId).signal(decisionSignal, ApproveInvoiceSchema.parse({ ...approval, decision: 'approve' }));
  }

  async reject(invoiceId: string, rejection: Omit<z.input<typeof RejectInvoiceSchema>, 'decision'>): Promise<void> {
    await this.handle(invoiceId).signal(decisionSignal, RejectInvoiceSchema.parse({ ...rejection, decision: 'reject' }));
  }

  async status(invoiceId: string): Promise<InvoiceApprovalStatus> {
    return InvoiceApprovalStatusSchema.parse(await this.handle(invoiceId).query(statusQuery));
  }

  async result(invoiceId: string): Promise<InvoiceApprovalResult> {
    return InvoiceApprovalResultSchema.parse(await this.handle(invoiceId).result());
  }

  handle(invoiceId: string): WorkflowHandle<typeof invoiceApprovalWorkflow> {
    return this.client.workflow.getHandle<typeof invoiceApprovalWorkflow>(invoiceApprovalWorkflowId(invoiceId));
  }
}
