// The worker bundles this file (webpack, inside @temporalio/worker): every workflow the task queue serves is
// exported here, and nothing else, so the sandbox bundle stays free of activity and Node code.
export { invoiceApprovalWorkflow } from './invoice-approval/invoice-approval.workflow.js';
export { rentChargesWorkflow } from './rent-charges/rent-charges.workflow.js';
