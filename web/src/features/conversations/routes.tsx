import type { RouteObject } from 'react-router';

/** Conversations (spec 001 §2: conversations, conversations/{id}), inside the manager shell. */
export const conversationRoutes: RouteObject[] = [
  { path: 'conversations', lazy: { Component: async () => (await import('./ConversationsPage.js')).ConversationsPage } },
  { path: 'conversations/:id', lazy: { Component: async () => (await import('./ConversationsPage.js')).ConversationsPage } },
];
