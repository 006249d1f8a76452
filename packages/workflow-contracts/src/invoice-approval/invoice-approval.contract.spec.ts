import { InvoiceApproval } from './invoice-approval.contract.js';

describe('InvoiceApproval contract', () => {
  it('keeps the names running workflows were started with', () => {
    // Workflow histories and pollers hold these strings: changing one here strands every open approval.
    expect(InvoiceApproval.name).toBe('invoiceApprovalWorkflow');
    expect(InvoiceApproval.taskQueue).toBe('pm-workflows');
    expect(InvoiceApproval.workflowId({ invoiceId: 'inv-42' })).toBe('invoice-approval:inv-42');
    expect(InvoiceApproval.signals.decide).toMatchObject({ type: 'signal', name: 'invoiceApproval.decide' });
    expect(InvoiceApproval.queries.status).toMatchObject({ type: 'query', name: 'invoiceApproval.status' });
    expect(Object.keys(InvoiceApproval.updates)).toEqual([]);
  });

  it('fills the defaults and refuses intervals outside 1 second to 15 days', () => {
    const input = { invoiceId: 'inv-42', locationId: 'loc-1', approverUserId: 'usr-1' };
    expect(InvoiceApproval.input.parse(input)).toEqual({ ...input, reminderIntervalMs: 3 * 86_400_000, maxReminders: 3 });
    expect(InvoiceApproval.input.safeParse({ ...input, reminderIntervalMs: 999 }).success).toBe(false);
    expect(InvoiceApproval.input.safeParse({ ...input, reminderIntervalMs: 15 * 86_400_000 + 1 }).success).toBe(false);
  });

  it('carries the payload schema on the signal definition', () => {
    const { payload } = InvoiceApproval.signals.decide;
    expect(payload.parse({ decision: 'reject', rejectedBy: 'usr-1', reason: 'billed twice' })).toEqual({
      decision: 'reject',
      rejectedBy: 'usr-1',
      reason: 'billed twice',
    });
    expect(payload.safeParse({ decision: 'reject', rejectedBy: 'usr-1' }).success).toBe(false);
    expect(payload.safeParse({ decision: 'approve', approvedBy: '' }).success).toBe(false);
  });
});
