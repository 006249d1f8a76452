import { randomBytes } from 'node:crypto';
import { jest } from '@jest/globals';
import {
  EditMessageDraft,
  GetInboundCall,
  ExportMessageSession,
  GenerateEmailResponse,
  GetEmailThread,
  ListEmails,
  ListEmailSessions,
  ListSmsSessions,
  StoreEmailManagerResponse,
  GetMessageAttachment,
  ListInboundCalls,
  AssignTicket,
  ListTickets,
  ResolveTicket,
  GetMessageDraft,
  RegenerateMessageDraft,
  GetInboxUnreadCount,
  SearchInbox,
  GetMessageSession,
  ListInboxItems,
  ListMessageSessions,
  ListResidentEmailSessions,
  ListResidentSessionMessages,
  ListResidentSmsSessions,
  SendResidentMessage,
  ListSessionMessages,
  MarkMessageSessionRead,
  SendSmsResponse,
  SendEmailResponse,
  ArchiveSmsSession,
  ArchiveEmailSession,
  ListSentSms,
  ListSentEmails,
  GetAutoSendSettings,
  SendBulkEmail,
  SendBulkSms,
  SendEmail,
  UpdateAutoSendSettings,
  CreateGroupConversation,
  ListVendorConversations,
  ListConversations,
  GetConversation,
  SendConversationMessage,
  ArchiveConversation,
  ArchiveVendorConversation,
  PartnerUpdated,
  GetBuildingSignature,
  GetInviteTemplate,
  ListBuildingEmailTemplates,
  UpdateBuildingEmailTemplate,
  UpdateBuildingSignature,
  PARTNER_ROLES,
  type RequestInputOf,
  type RpcContract,
} from '@pm/contracts';
import { describeAccessMatrix, permissionFor, type MatrixEndpoint } from '@pm/access/testing';
import { waitFor } from '@pm/testing';
import { MessagingHarness, type MessagingWorld, type TestCaller } from './support/messaging-harness.js';

jest.setTimeout(240_000);

/**
 * Messaging's access matrix, as portfolio's: two accounts, each with one partner in each of the five roles on its
 * location (grants learnt from portfolio's events over JetStream, as in production). For every messaging request that
 * names a location or a session, each partner on their own account's resources gets exactly what ROLE_PERMISSIONS
 * gives their role (else 403), and on the other account's gets 404 whatever their role; owners get everything on
 * theirs and 404 on the other's. The permission each request needs is @pm/access/testing's table, independent of the
 * handlers; every messaging request of that table must be called here.
 */
let harness: MessagingHarness;

interface World extends MessagingWorld {
  sessionId: string;
  messageId: string;
  emailSessionId: string;
  /** The e-mail's message and its attached PDF. */
  emailMessageId: string;
  attachmentId: string;
  callId: string;
  ticketId: string;
  /** A group conversation and a vendor's (opened by the vendor's text). */
  groupId: string;
  vendorConversationId: string;
}

type Endpoint = MatrixEndpoint<World, TestCaller>;

function request<C extends RpcContract>(contract: C, payload: (world: World) => RequestInputOf<C>): Endpoint {
  const name = contract.subject.replace('pm.rpc.messaging.', '').replace(/\.v\d+$/, '');
  return { contract, name, permission: permissionFor(contract), call: (world, as) => harness.call(contract, payload(world), as) };
}

const endpoints: Endpoint[] = [
  request(ListInboxItems, (w) => ({ location_id: w.locationId })),
  request(GetInboxUnreadCount, (w) => ({ location_id: w.locationId })),
  request(ListMessageSessions, (w) => ({ location_id: w.locationId })),
  request(ListEmailSessions, (w) => ({ location_id: w.locationId })),
  request(ListSmsSessions, (w) => ({ location_id: w.locationId })),
  request(ListEmails, (w) => ({ locationId: w.locationId })),
  request(SearchInbox, (w) => ({ location_id: w.locationId, q: 'pool' })),
  request(GetMessageSession, (w) => ({ id: w.sessionId })),
  request(ListSessionMessages, (w) => ({ id: w.sessionId })),
  request(GetEmailThread, (w) => ({ externalId: w.emailSessionId })),
  request(MarkMessageSessionRead, (w) => ({ id: w.sessionId })),
  request(GetMessageDraft, (w) => ({ id: w.messageId })),
  request(RegenerateMessageDraft, (w) => ({ id: w.messageId })),
  request(EditMessageDraft, (w) => ({ id: w.messageId, response: 'The pool is open 9 AM to 8 PM this weekend.' })),
  request(StoreEmailManagerResponse, (w) => ({ sessionId: w.emailSessionId, message: 'Your parking permit is ready at the office.', propertyId: w.locationId })),
  request(GenerateEmailResponse, (w) => ({ session_id: w.emailSessionId, location_id: w.locationId })),
  request(SendSmsResponse, (w) => ({ sessionId: w.sessionId, response: 'The pool is open 9 AM to 8 PM this weekend.' })),
  request(SendEmailResponse, (w) => ({ sessionId: w.emailSessionId, response: 'Your parking permit is ready at the office.' })),
  request(ArchiveSmsSession, (w) => ({ id: w.sessionId })),
  request(ArchiveEmailSession, (w) => ({ id: w.emailSessionId })),
  request(ListSentSms, (w) => ({ location_id: w.locationId })),
  request(ListSentEmails, (w) => ({ location_id: w.locationId })),
  request(GetAutoSendSettings, (w) => ({ location_id: w.locationId })),
  request(UpdateAutoSendSettings, (w) => ({ location_id: w.locationId, intents: [{ intent: 'amenity_question' as const, enabled: false }] })),
  request(ListInboundCalls, (w) => ({ location_id: w.locationId })),
  request(GetInboundCall, (w) => ({ id: w.callId })),
  request(ExportMessageSession, (w) => ({ id: w.sessionId })),
  request(ListTickets, (w) => ({ location_id: w.locationId })),
  request(ResolveTicket, (w) => ({ id: w.ticketId })),
  request(AssignTicket, (w) => ({ id: w.ticketId, managerId: null })),
  request(GetMessageAttachment, (w) => ({ id: w.emailMessageId, attachment_id: w.attachmentId })),
  request(CreateGroupConversation, (w) => ({ friendlyName: 'Roof repair', propertyPhone: w.number, participants: [{ phoneNumber: '+15558880101' }] })),
  request(ListVendorConversations, (w) => ({ location_id: w.locationId })),
  request(ListConversations, (w) => ({ location_id: w.locationId })),
  request(GetConversation, (w) => ({ conversation_sid: w.groupId })),
  request(SendConversationMessage, (w) => ({ id: w.groupId, content: 'The roofer arrives at 9.' })),
  request(ArchiveConversation, (w) => ({ conversationSid: w.groupId })),
  request(ArchiveVendorConversation, (w) => ({ conversation_sid: w.vendorConversationId })),
  request(ListBuildingEmailTemplates, (w) => ({ id: w.tenant.buildingId })),
  request(UpdateBuildingEmailTemplate, (w) => ({ id: w.tenant.buildingId, slug: 'lease-renewal', subject: 'Renewal', body: 'Your lease ends {{lease_end}}.' })),
  request(GetBuildingSignature, (w) => ({ id: w.tenant.buildingId })),
  request(UpdateBuildingSignature, (w) => ({ id: w.tenant.buildingId, signature: 'The Elm Street team' })),
  request(GetInviteTemplate, (w) => ({ buildingId: w.tenant.buildingId })),
  request(SendBulkEmail, (w) => ({ id: w.tenant.buildingId, recipients: [w.tenant.email], subject: 'Water shut-off on Friday', body: 'The water will be off on Friday morning.' })),
  request(SendBulkSms, (w) => ({ location_id: w.locationId, message: 'The water will be off on Friday morning.', tenantIds: [w.tenant.id] })),
  request(SendEmail, (w) => ({ locationId: w.locationId, recipients: [w.tenant.email], subject: 'Boiler service', body: 'The boiler is serviced on Tuesday.' })),
];

async function buildWorld(): Promise<World> {
  const world = await harness.world();
  const sid = await harness.sms(world.tenant.phone, world.number, 'Is the pool open this weekend?');
  const row = await harness.row<{ id: string; session_id: string }>(`select id, session_id from ${harness.table('message')} where external_id = $1`, [sid]);
  // A maintenance request of the same location, for the ticket calls.
  const repair = await harness.sms(world.tenant.phone, world.number, 'The dishwasher does not drain');
  const repairId = (await harness.row<{ id: string }>(`select id from ${harness.table('message')} where external_id = $1`, [repair]))!.id;
  await harness.completeDraft(repairId, { intent: 'maintenance_request' });
  const ticket = await waitFor(() => harness.row<{ id: string }>(`select id from ${harness.table('ticket')} where message_id = $1`, [repairId]), { timeout: 20_000, description: 'the ticket' });
  const permit = Buffer.from('%PDF-1.4\n% the permit form\n%%EOF\n', 'latin1');
  const mailId = await harness.email(world.tenant.email, world.email, 'Parking permit', 'Is my parking permit ready?', {}, [{ filename: 'permit-form.pdf', content: permit }]);
  const mail = await harness.row<{ id: string; session_id: string }>(`select id, session_id from ${harness.table('message')} where external_id = $1`, [mailId]);
  const attachment = await harness.row<{ id: string }>(`select id from ${harness.table('message_attachment')} where message_id = $1`, [mail!.id]);
  const callSid = `CA${randomBytes(16).toString('hex')}`;
  const answered = await harness.webhook('/voice/inbound', { CallSid: callSid, From: world.tenant.phone, To: world.number });
  if (answered.status !== 200) throw new Error(`voice webhook answered ${answered.status}`);
  const call = await harness.row<{ id: string }>(`select id from ${harness.table('inbound_call')} where call_sid = $1`, [callSid]);
  const group = await harness.call(CreateGroupConversation, { friendlyName: 'Roof repair', propertyPhone: world.number, participants: [{ phoneNumber: '+15558880101' }] }, world.owner);
  const vendorPhone = `+1555777${String(1000 + ++vendors).slice(-4)}`;
  const vendorId = `${randomBytes(8).toString('hex')}-vendor`;
  await harness.publish(PartnerUpdated, { partnerId: vendorId, accountId: world.owner.userId, userId: null, fullName: 'Rapid Rooter Plumbing', email: 'dispatch@rapidrooter.example', phone: vendorPhone, role: 'VENDOR', isEmergencyContact: false, locationIds: [world.locationId] });
  await waitFor(() => harness.row(`select 1 from ${harness.table('partner_directory')} where partner_id = $1`, [vendorId]), { timeout: 20_000, description: 'vendor copied' });
  const vendorSid = await harness.sms(vendorPhone, world.number, 'On my way.');
  const vendorMessage = await harness.row<{ session_id: string }>(`select session_id from ${harness.table('message')} where external_id = $1`, [vendorSid]);
  return {
    ...world,
    groupId: group.conversation.id,
    vendorConversationId: vendorMessage!.session_id,
    sessionId: row!.session_id,
    messageId: row!.id,
    emailSessionId: mail!.session_id,
    emailMessageId: mail!.id,
    attachmentId: attachment!.id,
    callId: call!.id,
    ticketId: ticket.id,
  };
}

let accounts: [World, World];
let vendors = 0;

beforeAll(async () => {
  harness = await MessagingHarness.start({ smtp: { maxBytes: 1024 * 1024, maxRecipients: 5 } });
  accounts = [await buildWorld(), await buildWorld()];
});

afterAll(async () => {
  await harness?.close();
});

describeAccessMatrix({
  context: 'messaging',
  endpoints,
  accounts: () => accounts,
  outcome: (call) => harness.outcome(call),
  stranger: () => harness.caller(),
});

/*
 * The resident's calls name no location: they answer the caller's own tenancies (by the account's e-mail). Nobody of
 * the team, whatever their role, reads or writes a tenant's conversation through them; the resident's side is in
 * resident-messages.int-spec.ts.
 */
describe('the resident calls', () => {
  it('show the owner and every partner of the location nothing: no sessions, and 404 on its thread', async () => {
    const world = accounts[0];
    const mismatches: string[] = [];
    for (const [who, caller] of [['owner', world.owner] as const, ...PARTNER_ROLES.map((role) => [role, world.partners[role]] as const)]) {
      const sms = await harness.call(ListResidentSmsSessions, {}, caller);
      const email = await harness.call(ListResidentEmailSessions, {}, caller);
      if (sms.total + email.total !== 0) mismatches.push(`${who} lists ${sms.total + email.total} sessions`);
      const thread = await harness.outcome(harness.call(ListResidentSessionMessages, { id: world.sessionId }, caller));
      if (thread !== 404) mismatches.push(`${who} reads the thread: ${thread}`);
      const send = await harness.outcome(harness.call(SendResidentMessage, { id: world.sessionId, message: 'Written by the team' }, caller));
      if (send !== 404) mismatches.push(`${who} writes as the resident: ${send}`);
    }
    expect(mismatches).toEqual([]);
  });
});
