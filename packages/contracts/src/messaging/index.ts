import { rpcContractsIn, type EventContract, type RpcContract } from '../define.js';
import { MessageReceived } from './events/message-received.js';
import { DraftRequested } from './events/draft-requested.js';
import { EmailAttachmentReceived } from './events/email-attachment-received.js';
import * as attachmentsRpc from './rpc/attachments.js';
import * as draftsRpc from './rpc/drafts.js';
import * as inboxRpc from './rpc/inbox.js';
import * as inboundCallsRpc from './rpc/inbound-calls.js';
import * as threadExportRpc from './rpc/thread-export.js';
import * as sandboxPhoneRpc from './rpc/sandbox-phone.js';
import * as repliesRpc from './rpc/replies.js';
import * as autoSendRpc from './rpc/auto-send.js';
import * as ticketsRpc from './rpc/tickets.js';
import { TicketChanged } from './events/ticket-changed.js';
import { MessageDraftCompleted } from './events/draft-completed.js';
import { MessageDraftEdited } from './events/draft-edited.js';
import { DeliveryStatusChanged } from './events/delivery-status-changed.js';
import * as residentRpc from './rpc/resident.js';
import * as conversationsRpc from './rpc/conversations.js';
import * as emailTemplatesRpc from './rpc/email-templates.js';
import * as bulkRpc from './rpc/bulk.js';

export * from './inbound.js';
export * from './inbox.js';
export * from './drafts.js';
export * from './outbound.js';
export * from './rpc/replies.js';
export * from './rpc/auto-send.js';
export * from './events/draft-requested.js';
export * from './rpc/drafts.js';
export * from './events/message-received.js';
export * from './rpc/inbox.js';
export * from './inbound-calls.js';
export * from './rpc/inbound-calls.js';
export * from './thread-export.js';
export * from './rpc/thread-export.js';
export * from './rpc/sandbox-phone.js';
export * from './tickets.js';
export * from './rpc/tickets.js';
export * from './events/ticket-changed.js';
export * from './events/draft-completed.js';
export * from './events/draft-edited.js';
export * from './events/delivery-status-changed.js';
export * from './streams/notify-stream.js';
export * from './rpc/resident.js';
export * from './events/email-attachment-received.js';
export * from './rpc/attachments.js';
export * from './conversations.js';
export * from './rpc/conversations.js';
export * from './email-templates.js';
export * from './rpc/email-templates.js';
export * from './rpc/bulk.js';
export * from './attachment-file-name.js';

export const messagingEvents: readonly EventContract[] = [MessageReceived, DraftRequested, MessageDraftCompleted, MessageDraftEdited, DeliveryStatusChanged, TicketChanged, EmailAttachmentReceived];
export const messagingRequests: readonly RpcContract[] = rpcContractsIn(
  inboxRpc,
  draftsRpc,
  repliesRpc,
  autoSendRpc,
  inboundCallsRpc,
  threadExportRpc,
  sandboxPhoneRpc,
  ticketsRpc,
  residentRpc,
  attachmentsRpc,
  conversationsRpc,
  emailTemplatesRpc,
  bulkRpc,
);
