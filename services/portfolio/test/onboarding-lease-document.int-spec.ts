import { jest } from '@jest/globals';
import { CreatePropertyLocation, DocumentStatusChanged, GetOnboardingProgress, LEASE_CATEGORY_ID } from '@pm/contracts';
import { waitFor } from '@pm/testing';
import { v7 as uuidv7 } from 'uuid';
import { startPortfolio, type PortfolioHarness } from './support/portfolio-harness.js';

jest.setTimeout(60_000);

/**
 * The onboarding checklist's lease step from the vault's events over JetStream (real portfolio, PostgreSQL, NATS):
 * `hasLeaseDocument` is set when a Lease document of one of the owner's locations is PROCESSED, and by nothing else.
 */
let harness: PortfolioHarness;

beforeAll(async () => {
  harness = await startPortfolio();
});
afterAll(async () => harness?.close());

const elm = { name: '12 Elm Street', address_text: '12 Elm Street, Springfield, IL 62701', type: 'MULTI_UNIT' as const, declared_units_count: 6, is_rental_property: true };

async function documentChanged(locationId: string | null, accountId: string, status: 'PROCESSING' | 'PROCESSED' | 'FAILED', categoryId: number | null): Promise<string> {
  const documentId = uuidv7();
  await harness.publisher.publish(DocumentStatusChanged, { documentId, locationId, accountId, status, progress: status === 'PROCESSED' ? 100 : 40, categoryId, changedAt: new Date().toISOString() });
  return documentId;
}

it('is set by a PROCESSED Lease of one of the owner\'s locations, and not by other categories, statuses or locations', async () => {
  const owner = await harness.registeredUser({ accountType: 'property_manager' });
  const location = await harness.call(CreatePropertyLocation, elm, owner.authorization);
  const progress = () => harness.call(GetOnboardingProgress, { id: owner.userId }, owner.authorization);

  // Not a lease, a lease still processing or failed, a lease of no location or of an unknown location: no step done.
  await documentChanged(location.id, owner.userId, 'PROCESSED', 3);
  await documentChanged(location.id, owner.userId, 'PROCESSING', LEASE_CATEGORY_ID);
  await documentChanged(location.id, owner.userId, 'FAILED', LEASE_CATEGORY_ID);
  await documentChanged(null, owner.userId, 'PROCESSED', LEASE_CATEGORY_ID);
  await documentChanged(uuidv7(), owner.userId, 'PROCESSED', LEASE_CATEGORY_ID);
  const consumer = 'portfolio_document-status-changed';
  const last = (await harness.jsm.streams.info('PM_VAULT')).state.last_seq;
  await waitFor(async () => {
    const info = await harness.jsm.consumers.info('PM_VAULT', consumer);
    return info.num_ack_pending === 0 && info.ack_floor.stream_seq >= last;
  }, { timeout: 20_000, description: 'the five events handled' });
  expect((await progress()).hasLeaseDocument).toBe(false);

  await documentChanged(location.id, owner.userId, 'PROCESSED', LEASE_CATEGORY_ID);
  await waitFor(async () => (await progress()).hasLeaseDocument, { timeout: 20_000, description: 'the lease step' });
});
