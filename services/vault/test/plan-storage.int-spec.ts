import { jest } from '@jest/globals';
import { PlanChanged, RegisterUploadedDocument, type DataOf } from '@pm/contracts';
import { waitFor } from '@pm/testing';
import { VaultHarness, type VaultWorld } from './support/vault-harness.js';

jest.setTimeout(180_000);

/**
 * The plan's storage (spec 000 §9): the vault keeps each account's plan from payments' `PlanChanged`, and an upload
 * that would take the account's documents past it is refused with 409, code `plan_limit`, with nothing filed. An
 * account without a plan record has no limit.
 */
let harness: VaultHarness;
let world: VaultWorld;
const pdf = (text: string): Buffer => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
const GIB = 1024 ** 3;

beforeAll(async () => {
  harness = await VaultHarness.start();
  world = await harness.world();
});
afterAll(async () => harness?.close());

async function onPlan(plan: DataOf<typeof PlanChanged>['plan'], occurredAt: string): Promise<void> {
  await harness.publish(PlanChanged, { accountId: world.owner.userId, plan, subscriptionId: null, status: null, trialEndsAt: null, occurredAt });
  await waitFor(async () => (await harness.row(`select 1 from ${harness.table('account_plan')} where account_id = $1 and plan = $2`, [world.owner.userId, plan])) !== undefined, { timeout: 20_000, description: `${plan} recorded` });
}

describe("the plan's storage", () => {
  it('files uploads within the plan, refuses the one that would pass it, and takes more after an upgrade', async () => {
    const first = await harness.storeFile(pdf(`first ${Date.now()}`), 'first.pdf');
    const { documents } = await harness.call(RegisterUploadedDocument, { file: first, location_ids: [world.locationId] }, world.owner);
    // No plan record yet: no limit. Then Free (2 GB), with the account's documents nearly filling it.
    await onPlan('free', '2026-12-01T12:00:00.000Z');
    await harness.db.query(`update ${harness.table('document')} set size = $2 where id = $1`, [documents[0]!.document.id, 2 * GIB - 10]);

    const second = await harness.storeFile(pdf(`second ${Date.now()}`), 'second.pdf');
    await expect(harness.call(RegisterUploadedDocument, { file: second, location_ids: [world.locationId] }, world.owner)).rejects.toMatchObject({
      status: 409,
      message: 'Your Free plan includes 2 GB of storage, which this upload would exceed. Upgrade your plan to store more.',
      body: { code: 'plan_limit' },
    });
    const filed = await harness.row<{ n: string }>(`select count(*) as n from ${harness.table('document')} where sha256 = $1`, [second.sha256]);
    expect(filed?.n).toBe('0');

    await onPlan('starter', '2026-12-01T12:01:00.000Z');
    const again = await harness.call(RegisterUploadedDocument, { file: second, location_ids: [world.locationId] }, world.owner);
    expect(again.documents[0]!.duplicate).toBe(false);
  });
});
