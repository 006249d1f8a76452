import type { TagDescription } from '@reduxjs/toolkit/query';
import { LIST_ID } from '../cache-tags.js';
import type { EndpointTable } from '../contract-endpoints.js';
import type { TagType } from '../tag-types.js';

type Tags = TagDescription<TagType>[];
const list = (type: TagType): Tags => [{ type, id: LIST_ID }];
/** What a reply changes: the session and its thread, the inbox's items (replied), the unread count and the Sent lists. */
const afterReply: Tags = [...list('MessageSession'), ...list('InboxItem'), ...list('InboxUnread'), ...list('SentMessage')];
const afterArchive: Tags = [...list('InboxItem'), ...list('MessageSession'), ...list('SentMessage')];
/** What a conversation's change refreshes: its lists, the inbox's vendor items, the unread badge and Sent SMS. */
const afterConversationChange: Tags = [...list('Conversation'), ...afterReply];
/** Every send shows on Sent E-mails / Sent SMS. */
const sent = list('SentMessage');

/** The cache tags and call options of messaging's generated endpoints (app/generated/messaging-api.ts). */
export const messaging: EndpointTable = {
  GetInboxUnreadCount: { provides: list('InboxUnread') },
  ListInboxItems: { provides: list('InboxItem') },
  SearchInbox: { provides: list('MessageSession') },
  ListMessageSessions: { provides: list('MessageSession') },
  GetMessageSession: { provides: (_result, { id }) => [{ type: 'MessageSession', id }] },
  ListSessionMessages: { provides: (_result, { id }) => [{ type: 'MessageSession', id }] },
  MarkMessageSessionRead: { invalidates: [...list('InboxUnread'), ...list('MessageSession'), ...list('InboxItem')] },
  SendSmsResponse: { invalidates: (_result, { sessionId }) => [...afterReply, { type: 'MessageSession', id: sessionId }] },
  SendEmailResponse: { invalidates: (_result, { sessionId }) => [...afterReply, { type: 'MessageSession', id: sessionId }] },
  ArchiveSmsSession: { invalidates: afterArchive },
  ArchiveEmailSession: { invalidates: afterArchive },
  ListSentEmails: { provides: sent },
  ListSentSms: { provides: sent },
  // The draft of an inbound message, every version newest first: the draft card's history and the thread's reply box.
  GetMessageDraft: { provides: (_result, { id }) => [{ type: 'MessageDraft', id }] },
  RegenerateMessageDraft: { invalidates: (_result, { id }) => [...list('InboxItem'), { type: 'MessageDraft', id }] },
  EditMessageDraft: { invalidates: (_result, { id }) => [...list('InboxItem'), { type: 'MessageDraft', id }] },

  ListConversations: { provides: list('Conversation') },
  ListVendorConversations: { provides: list('Conversation') },
  GetConversation: { provides: (_result, { conversation_sid }) => [{ type: 'Conversation', id: conversation_sid }] },
  CreateGroupConversation: { invalidates: list('Conversation') },
  SendConversationMessage: {
    invalidates: (_result, { id }) => [...afterConversationChange, { type: 'Conversation', id }, { type: 'MessageSession', id }],
  },
  ArchiveConversation: { invalidates: (_result, { conversationSid }) => [...afterConversationChange, { type: 'Conversation', id: conversationSid }] },
  ArchiveVendorConversation: { invalidates: (_result, { conversation_sid }) => [...afterConversationChange, { type: 'Conversation', id: conversation_sid }] },

  SendBulkEmail: { invalidates: sent },
  SendBulkSms: { invalidates: sent },
  SendEmail: { invalidates: sent },

  ListResidentSmsSessions: { provides: list('ResidentSession') },
  ListResidentEmailSessions: { provides: list('ResidentSession') },
  ListResidentSessionMessages: { provides: (_result, { id }) => [{ type: 'ResidentSession', id }] },
  SendResidentMessage: { invalidates: (_result, { id }) => [...list('ResidentSession'), { type: 'ResidentSession', id }] },

  ListTickets: { provides: (result) => [...list('Ticket'), ...(result?.items ?? []).map((ticket) => ({ type: 'Ticket' as const, id: ticket.id }))] },
  // The ticket moves from one column to the other: both lists are refetched.
  ResolveTicket: { invalidates: list('Ticket') },
  AssignTicket: { invalidates: (_result, { id }) => [{ type: 'Ticket', id }] },

  ListInboundCalls: { provides: list('InboundCall') },
  GetInboundCall: { provides: (_result, { id }) => [{ type: 'InboundCall', id }] },
  ListSandboxPhoneMessages: { provides: (_result, { phone }) => [{ type: 'SandboxPhoneMessage', id: phone }] },
  SendSandboxSms: { invalidates: (_result, { from }) => [{ type: 'SandboxPhoneMessage', id: from }] },
  PlaceSandboxCall: { invalidates: (_result, { from }) => [{ type: 'SandboxPhoneMessage', id: from }, ...list('InboundCall')] },

  // The building's tenant-invite template, as its E-mail templates tab words it (the invite dialog reads it).
  GetInviteTemplate: { provides: (_result, { buildingId }) => [{ type: 'EmailTemplate', id: buildingId }] },
  UpdateBuildingEmailTemplate: { invalidates: (_result, { id }) => [{ type: 'EmailTemplate', id }] },
};
