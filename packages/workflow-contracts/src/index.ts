export {
  defineWorkflow,
  defineWorkflowQuery,
  defineWorkflowSignal,
  defineWorkflowUpdate,
  type AnyWorkflowContract,
  type WorkflowContract,
  type WorkflowFunction,
  type WorkflowInput,
  type WorkflowKey,
  type WorkflowQuery,
  type WorkflowResult,
  type WorkflowSignal,
  type WorkflowStartInput,
  type WorkflowUpdate,
} from './define-workflow.js';
export { PM_WORKFLOWS_TASK_QUEUE } from './task-queues.js';
export { query, signal, startWorkflow, update, workflowHandle, workflowResult, type StartWorkflowOptions } from './workflow-client.js';
export * from './invoice-approval/invoice-approval.contract.js';
export * from './rent-charges/rent-charges.contract.js';
