import { log } from '@temporalio/activity';
import type { RentChargesRun } from '@pm/workflow-contracts';

/** The payments service as the rent clock needs it: post what is due by now (PostDueRentCharges over NATS). */
export interface RentChargesPoster {
  postDue(asOf: Date): Promise<{ units: number; posted: number }>;
}

export interface RentChargesActivityDeps {
  payments: RentChargesPoster;
}

/** Activities get their dependencies here, so the worker wires the NATS client and tests wire a recorder. */
export function createRentChargesActivities({ payments }: RentChargesActivityDeps) {
  return {
    /** Posts what is due by `asOf`: the workflow's clock (the time its timer fired), not the activity's. */
    async postDueRentCharges(asOf: string): Promise<RentChargesRun> {
      const at = new Date(asOf);
      const { units, posted } = await payments.postDue(at);
      if (posted > 0) log.info('rent charges posted', { units, posted });
      return { at: at.toISOString(), units, posted };
    },
  };
}

export type RentChargesActivities = ReturnType<typeof createRentChargesActivities>;
