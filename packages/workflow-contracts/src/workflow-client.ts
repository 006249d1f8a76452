// Starting and addressing workflows from a service, typed by their contracts. Only types come from
// @temporalio/client: the caller passes its Client, and this module stays importable by workflow code too.
import type { Client, WorkflowHandle } from '@temporalio/client';
import type { z } from 'zod';
import type { AnyWorkflowContract, WorkflowKey, WorkflowResult, WorkflowStartInput } from './define-workflow.js';

export interface StartWorkflowOptions {
  /** Defaults to the contract's task queue; tests give each case its own queue. */
  taskQueue?: string;
}

/**
 * Parses the input (a ZodError before anything reaches Temporal), derives the workflow id from the business key
 * and starts the workflow by its contract's type name. Throws WorkflowExecutionAlreadyStartedError while a run
 * with the same key is open. Returns the workflow id.
 */
export async function startWorkflow<C extends AnyWorkflowContract>(
  client: Client,
  contract: C,
  input: WorkflowStartInput<C>,
  options: StartWorkflowOptions = {},
): Promise<string> {
  const parsed: unknown = contract.input.parse(input);
  const workflowId = contract.workflowId(parsed);
  await client.workflow.start(contract.name, { workflowId, taskQueue: options.taskQueue ?? contract.taskQueue, args: [parsed] });
  return workflowId;
}

/** The handle of the workflow run for a business key, for what the helpers below do not cover (history, cancel). */
export function workflowHandle<C extends AnyWorkflowContract>(client: Client, contract: C, key: WorkflowKey<C>): WorkflowHandle {
  return client.workflow.getHandle(contract.workflowId(key));
}

/** Sends one of the contract's signals, its payload parsed first. */
export async function signal<C extends AnyWorkflowContract, S extends C['signals'][keyof C['signals']]>(
  client: Client,
  contract: C,
  key: WorkflowKey<C>,
  definition: S,
  payload: z.input<S['payload']>,
): Promise<void> {
  await workflowHandle(client, contract, key).signal(definition, definition.payload.parse(payload));
}

/** Asks one of the contract's queries; the answer is parsed before the caller sees it. */
export async function query<C extends AnyWorkflowContract, Q extends C['queries'][keyof C['queries']]>(
  client: Client,
  contract: C,
  key: WorkflowKey<C>,
  definition: Q,
): Promise<z.output<Q['answer']>> {
  return definition.answer.parse(await workflowHandle(client, contract, key).query(definition)) as z.output<Q['answer']>;
}

/** Runs one of the contract's updates and waits for its answer; payload and answer are parsed. */
export async function update<C extends AnyWorkflowContract, U extends C['updates'][keyof C['updates']]>(
  client: Client,
  contract: C,
  key: WorkflowKey<C>,
  definition: U,
  payload: z.input<U['payload']>,
): Promise<z.output<U['answer']>> {
  const answer = await workflowHandle(client, contract, key).executeUpdate(definition, { args: [definition.payload.parse(payload)] });
  return definition.answer.parse(answer) as z.output<U['answer']>;
}

/** Waits for the workflow's outcome, parsed by the contract's result schema. */
export async function workflowResult<C extends AnyWorkflowContract>(client: Client, contract: C, key: WorkflowKey<C>): Promise<WorkflowResult<C>> {
  return contract.result.parse(await workflowHandle(client, contract, key).result()) as WorkflowResult<C>;
}
