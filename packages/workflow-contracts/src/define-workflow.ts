// Type-only from the client package (it re-exports every definition type); values come from @temporalio/workflow,
// whose define* functions build plain data and run anywhere, workflow sandbox included.
import type { QueryDefinition, SignalDefinition, UpdateDefinition } from '@temporalio/client';
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { z } from 'zod';

// Signal, query and update names, the workflow type name and the task queue are stored in workflow histories and
// task queues: renaming one strands running workflows. Add a new name and migrate instead.

/** Temporal's signal definition (for setHandler and handle.signal) carrying the schema its payload must satisfy. */
export type WorkflowSignal<Payload extends z.ZodType = z.ZodType, Name extends string = string> = SignalDefinition<[z.output<Payload>], Name> & {
  readonly payload: Payload;
};

/** Temporal's query definition carrying the schema of its answer. */
export type WorkflowQuery<Answer extends z.ZodType = z.ZodType, Name extends string = string> = QueryDefinition<z.output<Answer>, [], Name> & {
  readonly answer: Answer;
};

/** Temporal's update definition carrying the schemas of its argument and of its answer. */
export type WorkflowUpdate<Payload extends z.ZodType = z.ZodType, Answer extends z.ZodType = z.ZodType, Name extends string = string> = UpdateDefinition<
  z.output<Answer>,
  [z.output<Payload>],
  Name
> & { readonly payload: Payload; readonly answer: Answer };

export function defineWorkflowSignal<const Name extends string, Payload extends z.ZodType>(name: Name, payload: Payload): WorkflowSignal<Payload, Name> {
  return Object.freeze({ ...defineSignal<[z.output<Payload>], Name>(name), payload });
}

export function defineWorkflowQuery<const Name extends string, Answer extends z.ZodType>(name: Name, answer: Answer): WorkflowQuery<Answer, Name> {
  return Object.freeze({ ...defineQuery<z.output<Answer>, [], Name>(name), answer });
}

export function defineWorkflowUpdate<const Name extends string, Payload extends z.ZodType, Answer extends z.ZodType>(
  name: Name,
  payload: Payload,
  answer: Answer,
): WorkflowUpdate<Payload, Answer, Name> {
  return Object.freeze({ ...defineUpdate<z.output<Answer>, [z.output<Payload>], Name>(name), payload, answer });
}

export interface WorkflowContract<
  Name extends string = string,
  Input extends z.ZodType = z.ZodType,
  Result extends z.ZodType = z.ZodType,
  Key = never,
  Signals extends Record<string, WorkflowSignal> = Record<string, WorkflowSignal>,
  Queries extends Record<string, WorkflowQuery> = Record<string, WorkflowQuery>,
  Updates extends Record<string, WorkflowUpdate> = Record<string, WorkflowUpdate>,
> {
  /** The workflow type: the name under which the worker exports the workflow function (src/workflows.ts). */
  readonly name: Name;
  /** The task queue the worker polls by default. */
  readonly taskQueue: string;
  /** Parsed by the starter before the workflow exists: a parse failure inside the sandbox would retry forever. */
  readonly input: Input;
  readonly result: Result;
  /**
   * The workflow id from the business key (e.g. `invoice-approval:<invoiceId>`): at most one run per key, and
   * whoever holds the key can signal or query it without having stored a run id.
   */
  workflowId(key: Key): string;
  readonly signals: Signals;
  readonly queries: Queries;
  readonly updates: Updates;
}

/** Any contract, for helpers that accept every workflow. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the key type varies per workflow (contravariant position)
export type AnyWorkflowContract = WorkflowContract<string, z.ZodType, z.ZodType, any>;

export type WorkflowInput<C extends AnyWorkflowContract> = z.output<C['input']>;
export type WorkflowStartInput<C extends AnyWorkflowContract> = z.input<C['input']>;
export type WorkflowResult<C extends AnyWorkflowContract> = z.output<C['result']>;
export type WorkflowKey<C extends AnyWorkflowContract> = Parameters<C['workflowId']>[0];
/** The signature the worker's workflow function must have. */
export type WorkflowFunction<C extends AnyWorkflowContract> = (input: WorkflowInput<C>) => Promise<WorkflowResult<C>>;

/**
 * One workflow's public API, defined once: services start and signal it through these definitions (and
 * workflow-client.ts), the worker's workflow code registers its handlers with the same objects.
 */
export function defineWorkflow<
  const Name extends string,
  Key,
  Input extends z.ZodType<Key>,
  Result extends z.ZodType,
  Signals extends Record<string, WorkflowSignal> = Record<never, WorkflowSignal>,
  Queries extends Record<string, WorkflowQuery> = Record<never, WorkflowQuery>,
  Updates extends Record<string, WorkflowUpdate> = Record<never, WorkflowUpdate>,
>(definition: {
  name: Name;
  taskQueue: string;
  workflowId: (key: Key) => string;
  input: Input;
  result: Result;
  signals?: Signals;
  queries?: Queries;
  updates?: Updates;
}): WorkflowContract<Name, Input, Result, Key, Signals, Queries, Updates> {
  return Object.freeze({
    name: definition.name,
    taskQueue: definition.taskQueue,
    workflowId: definition.workflowId,
    input: definition.input,
    result: definition.result,
    signals: definition.signals ?? ({} as Signals),
    queries: definition.queries ?? ({} as Queries),
    updates: definition.updates ?? ({} as Updates),
  });
}
