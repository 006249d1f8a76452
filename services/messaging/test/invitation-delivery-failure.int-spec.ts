import { jest } from '@jest/globals';
import { BuildingCreated, ListSentEmails, TenantInvitationIssued } from '@pm/contracts';
import { freePort, waitFor } from '@pm/testing';
import { SMTPServer } from 'smtp-server';
import { v7 as uuidv7 } from 'uuid';
import { MessagingHarness } from './support/messaging-harness.js';

jest.setTimeout(120_000);

/**
 * An invitation the mail provider refuses: before the move portfolio answered the manager 502 "Failed to invite
 * tenants"; now the call has answered already, and the refusal shows on Sent E-mails as Failed with the provider's
 * words. The provider here is an SMTP server of the test's own that refuses every recipient with a permanent 550.
 */
let harness: MessagingHarness;
let provider: SMTPServer;

beforeAll(async () => {
  const port = await freePort();
  provider = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    onRcptTo: (address, _session, callback) => callback(Object.assign(new Error(`5.1.1 <${address.address}>: mailbox unavailable`), { responseCode: 550 })),
  });
  await new Promise<void>((resolve) => provider.listen(port, '127.0.0.1', resolve));
  harness = await MessagingHarness.start({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, OUTBOUND_POLL_MS: '100' } });
});

afterAll(async () => {
  await harness?.close();
  await new Promise<void>((resolve) => (provider ? provider.close(() => resolve()) : resolve()));
});

it('shows a refused invitation on Sent E-mails as failed, with the provider\'s words, and audits it', async () => {
  const world = await harness.world();
  const buildingId = uuidv7();
  const scope = { locationId: world.locationId, accountId: world.owner.userId, ownerUserId: world.owner.userId };
  await harness.publish(BuildingCreated, { ...scope, buildingId });
  const to = `nobody.${uuidv7()}@example.com`;
  await harness.publish(TenantInvitationIssued, {
    ...scope,
    tenantId: world.tenant.id,
    buildingId,
    tenantName: 'Jordan Lee',
    email: to,
    propertyName: '12 Elm Street',
    propertyAddress: '12 Elm Street, Springfield, IL 62701',
    inviteLink: 'https://app.example.com/welcome/token',
    leaseEnd: '',
    subject: 'You are invited to {{property_name}}',
    body: 'Hello {{tenant_name}}: {{invite_link}}',
  });
  const failed = await waitFor(
    async () => (await harness.call(ListSentEmails, { location_id: world.locationId }, world.owner)).items.find((i) => i.to === to && i.status === 'failed'),
    { timeout: 30_000, description: 'the invitation listed failed' },
  );
  expect(failed).toMatchObject({ purpose: 'invitation', subject: 'You are invited to 12 Elm Street', attempts: 1 });
  expect(failed.failure).toContain('mailbox unavailable');
  const audit = await harness.row<{ n: string }>(`select count(*) as n from ${harness.table('message_audit')} where delivery_id = $1 and action = 'delivery_failed'`, [failed.id]);
  expect(audit?.n).toBe('1');
});
