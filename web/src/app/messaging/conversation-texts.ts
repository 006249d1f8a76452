/** Spec 001 §6 and §8 (Conversations, Messaging toasts, loading errors), word for word. */
export const conversationTexts = {
  createFailed: 'Failed to create group conversation',
  detailsFailed: 'Failed to fetch conversation details',
  messagesFailed: 'Failed to fetch conversation messages.',
  archiveFailed: 'Failed to archive conversation.',
  vendorListFailed: 'Failed to fetch vendor conversations.',
  listFailed: 'Failed to fetch conversations',
  sent: 'Message sent successfully',
  sendFailed: 'Failed to send message',
  titleRequired: 'Title is required',
  titleTooShort: 'Title must be at least 3 characters',
  phoneRequired: 'Phone number is required',
  phoneFormat: 'Phone number must be in format: +1XXXXXXXXXX',
  participantsRequired: 'Add at least one participant',
  messageRequired: 'Message is required.',
  noConversations: 'No conversations yet.',
  noVendorConversations: 'No vendor conversations yet.',
  selectConversation: 'Select a conversation to view messages.',
} as const;

/** +1 and ten digits (spec 001 §9 constants). */
export const CONVERSATION_PHONE = /^\+1\d{10}$/;
