// Every cache tag the app uses, declared once so invalidation across features is checked by the compiler.
// Features add their entity names here when they add endpoints.
export const tagTypes = [
  'PlatformHealth',
  'CurrentUser',
  'Referral',
  'PropertyLocation',
  'OnboardingProgress',
  'Building',
  'Unit',
  'ExpiringLease',
  'AvailablePhoneNumber',
  'Tenant',
  'Partner',
  'PartnerInvitation',
  'Question',
  'Rule',
  'Contact',
  'ChatMessage',
  'ChatUsage',
  'ManagerChatSession',
  'InboundCall',
  'SandboxPhoneMessage',
  'Ticket',
  'InboxItem',
  'InboxUnread',
  'MessageSession',
  'MessageDraft',
  'SentMessage',
  'ResidentSession',
  'Conversation',
] as const;

export type TagType = (typeof tagTypes)[number];
