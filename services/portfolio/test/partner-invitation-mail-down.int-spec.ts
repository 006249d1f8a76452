import { createServer, type Server } from 'node:net';
import { AddPartner, CreatePropertyLocation, ListPartnerInvitations, partnerMessages } from '@pm/contracts';
import { failure, startPortfolio, type PortfolioHarness } from './support/portfolio-harness.js';

/*
 * A partner invitation is stored only when its e-mail went out: with the mail provider down, the inviter hears so
 * (503 with a message of the contract's) and nothing is kept, so inviting again works once the provider is back.
 * A file of its own: its portfolio answers the same subjects as the other files' and must not run beside them.
 */

let harness: PortfolioHarness;
/** A port that accepts a connection and closes it at once: an SMTP provider that is down. */
let downProvider: Server;

beforeAll(async () => {
  downProvider = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => downProvider.listen(0, '127.0.0.1', resolve));
  const address = downProvider.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  harness = await startPortfolio({ SMTP_URL: `smtp://127.0.0.1:${address.port}` });
});

afterAll(async () => {
  await harness?.close();
  await new Promise((resolve) => downProvider?.close(resolve));
});

it('answers 503 when the invitation e-mail cannot be sent, and keeps no invitation', async () => {
  const owner = await harness.registeredUser();
  const location = await harness.call(
    CreatePropertyLocation,
    { address_text: '12 Elm Street, Springfield, IL 62701', type: 'MULTI_UNIT', declared_units_count: 6, is_rental_property: true },
    owner.authorization,
  );

  const refused = await failure(
    harness.call(AddPartner, { fullName: 'Jordan Lee', email: 'jordan.lee@example.com', phone: '5551234567', role: 'MANAGER', locationId: location.id }, owner.authorization),
  );

  expect(refused.body).toMatchObject({ status: 503, message: partnerMessages.invitationNotSent });
  expect(await harness.call(ListPartnerInvitations, { location_id: location.id }, owner.authorization)).toEqual([]);
});
