import { continueAsNew, proxyActivities, setHandler, sleep } from '@temporalio/workflow';
import { RentCharges, type RentChargesRun, type WorkflowFunction } from '@pm/workflow-contracts';
import type { RentChargesActivities } from './rent-charges.activities.js';

const { postDueRentCharges } = proxyActivities<RentChargesActivities>({
  // One pass over every unit with rent; retried with backoff until payments answers (a restart, a deploy), never given up.
  startToCloseTimeout: '10 minutes',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes' },
});

/**
 * The rent clock: posts what is due (payments' PostDueRentCharges), then waits `intervalMs` on a durable timer, which
 * survives worker restarts and deploys; after `runsPerHistory` runs it continues as new with the same input. Its API is
 * the RentCharges contract in @pm/workflow-contracts.
 */
export const rentChargesWorkflow: WorkflowFunction<typeof RentCharges> = async (input) => {
  let runs = 0;
  let last: RentChargesRun | null = null;
  let nextRunAt: Date | null = null;
  setHandler(RentCharges.queries.status, () => ({ runs, last, nextRunAt: nextRunAt?.toISOString() ?? null }));
  for (; runs < input.runsPerHistory; ) {
    nextRunAt = null;
    // The workflow's clock: a retried run still posts as of the time it was due, however late payments answers.
    last = await postDueRentCharges(new Date().toISOString());
    runs++;
    nextRunAt = new Date(Date.now() + input.intervalMs);
    await sleep(input.intervalMs);
  }
  return continueAsNew<typeof rentChargesWorkflow>(input);
};
