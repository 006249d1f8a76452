import type { RouteObject } from 'react-router';

/** The manager's communication screens (spec 001 §2), inside the manager shell. */
export const inboxRoutes: RouteObject[] = [
  { path: 'inbound-messages', lazy: { Component: async () => (await import('./InboundMessagesPage.js')).AllInboundMessagesPage } },
  { path: 'inbound-messages/tenants', lazy: { Component: async () => (await import('./InboundMessagesPage.js')).TenantInboundMessagesPage } },
  { path: 'inbound-messages/vendors', lazy: { Component: async () => (await import('./InboundMessagesPage.js')).VendorInboundMessagesPage } },
  { path: 'inbox', lazy: { Component: async () => (await import('./InboxPage.js')).InboxPage } },
  { path: 'inbox/:id', lazy: { Component: async () => (await import('./InboxPage.js')).InboxPage } },
  // Spec 000 §2.1 also names the message sessions messages and messages/{messageId}: the same screen.
  { path: 'messages', lazy: { Component: async () => (await import('./InboxPage.js')).InboxPage } },
  { path: 'messages/:id', lazy: { Component: async () => (await import('./InboxPage.js')).InboxPage } },
  { path: 'sent-emails', lazy: { Component: async () => (await import('./SentMessagesPage.js')).SentEmailsPage } },
  { path: 'sent-sms', lazy: { Component: async () => (await import('./SentMessagesPage.js')).SentSmsPage } },
];
