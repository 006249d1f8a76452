import { RentCharges } from './rent-charges.contract.js';

describe('RentCharges contract', () => {
  it('keeps the names the running rent clock was started with', () => {
    // The worker starts `rent-charges` when none runs: another id would start a second clock beside the first.
    expect(RentCharges.name).toBe('rentChargesWorkflow');
    expect(RentCharges.taskQueue).toBe('pm-workflows');
    expect(RentCharges.workflowId(undefined)).toBe('rent-charges');
    expect(RentCharges.queries.status).toMatchObject({ type: 'query', name: 'rentCharges.status' });
  });

  it('runs hourly by default, a week of runs per history, and refuses an interval under a second or over a day', () => {
    expect(RentCharges.input.parse({})).toEqual({ intervalMs: 3_600_000, runsPerHistory: 168 });
    expect(RentCharges.input.safeParse({ intervalMs: 999 }).success).toBe(false);
    expect(RentCharges.input.safeParse({ intervalMs: 86_400_001 }).success).toBe(false);
  });
});
