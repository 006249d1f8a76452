import { CONVERSATION_CONTENT_REQUIRED, CONVERSATION_MESSAGE_SENT, CONVERSATION_PARTICIPANTS_REQUIRED, CONVERSATION_PHONE_FORMAT, CONVERSATION_TITLE_REQUIRED, CONVERSATION_TITLE_TOO_SHORT } from '@pm/contracts';
/** Spec 001 §6 and §8 (Conversations, Messaging toasts, loading errors), word for word. */
export const conversationTexts = {
  createFailed: 'Failed to create group conversation',
  detailsFailed: 'Failed to fetch conversation details',
  messagesFailed: 'Failed to fetch conversation messages.',
  archiveFailed: 'Failed to archive conversation.',
  vendorListFailed: 'Failed to fetch vendor conversations.',
  listFailed: 'Failed to fetch conversations',
  sent: CONVERSATION_MESSAGE_SENT,
  sendFailed: 'Failed to send message',
  titleRequired: CONVERSATION_TITLE_REQUIRED,
  titleTooShort: CONVERSATION_TITLE_TOO_SHORT,
  phoneRequired: 'Phone number is required',
  phoneFormat: CONVERSATION_PHONE_FORMAT,
  participantsRequired: CONVERSATION_PARTICIPANTS_REQUIRED,
  messageRequired: CONVERSATION_CONTENT_REQUIRED,
  noConversations: 'No conversations yet.',
  noVendorConversations: 'No vendor conversations yet.',
  selectConversation: 'Select a conversation to view messages.',
} as const;
