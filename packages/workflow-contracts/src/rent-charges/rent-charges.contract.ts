// The public API of the rent-charges workflow: its type name, id, input and query are what the running workflow was
// started with; they never change without a migration.
import { z } from 'zod';
import { defineWorkflow, defineWorkflowQuery } from '../define-workflow.js';
import { PM_WORKFLOWS_TASK_QUEUE } from '../task-queues.js';

const HOUR_MS = 60 * 60 * 1000;

export const RentChargesInputSchema = z.object({
  /** How often the due rent, late fees, reminders and late notices are posted (hourly: a due date is met within the hour). */
  intervalMs: z.number().int().min(1_000).max(24 * HOUR_MS).default(HOUR_MS),
  /** Runs before the workflow continues as new, so its history stays small however long it runs. */
  runsPerHistory: z.number().int().min(1).max(1_000).default(168),
});
export type RentChargesInput = z.output<typeof RentChargesInputSchema>;

/** What one run posted (payments' answer). */
export const RentChargesRunSchema = z.object({ at: z.iso.datetime(), units: z.number().int().min(0), posted: z.number().int().min(0) });
export type RentChargesRun = z.output<typeof RentChargesRunSchema>;

export const RentChargesStatusSchema = z.object({
  /** Runs of this history (it restarts at 0 when the workflow continues as new). */
  runs: z.number().int().min(0),
  last: RentChargesRunSchema.nullable(),
  nextRunAt: z.iso.datetime().nullable(),
});
export type RentChargesStatus = z.output<typeof RentChargesStatusSchema>;

/**
 * The platform's one rent clock: every `intervalMs`, on a durable timer, payments posts what every unit's rent terms
 * make due by then (charges, late fees, reminders, late notices). One workflow for the whole platform, id
 * `rent-charges`: the worker starts it when none is running. Each posting is idempotent in payments (charges are
 * named by unit and period), so a retried activity or a run repeated after a failure posts nothing twice.
 */
export const RentCharges = defineWorkflow({
  name: 'rentChargesWorkflow',
  taskQueue: PM_WORKFLOWS_TASK_QUEUE,
  workflowId: () => 'rent-charges',
  input: RentChargesInputSchema,
  result: z.never(),
  queries: {
    status: defineWorkflowQuery('rentCharges.status', RentChargesStatusSchema),
  },
});
