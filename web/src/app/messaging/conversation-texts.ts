import { CONVERSATION_MESSAGE_SENT } from '@pm/contracts';
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
  phoneRequired: 'Phone number is required',
  noConversations: 'No conversations yet.',
  noVendorConversations: 'No vendor conversations yet.',
  selectConversation: 'Select a conversation to view messages.',
} as const;
