import { useSyncExternalStore } from 'react';
import type { ManagerChatMessage, ManagerChatType } from '@pm/contracts';

/**
 * What the widget and the full page share in this browser tab (spec 001 §3 Chat state): the open tab, each tab's
 * current session, whether the widget is open and how many answers arrived while it was closed, and the exchanges
 * answered since the session was last read (from this tab's sends and from the stream of the user's other tabs), so
 * they show at once without waiting for the session to be read again.
 */
export interface ChatState {
  isOpen: boolean;
  unreadCount: number;
  activeTab: ManagerChatType;
  sessionIds: Partial<Record<ManagerChatType, string>>;
  /** Messages by session, newest last; merged with the session as the BFF answers it (same ids). */
  arrived: Record<string, ManagerChatMessage[]>;
}

let state: ChatState = { isOpen: false, unreadCount: 0, activeTab: 'general', sessionIds: {}, arrived: {} };
const listeners = new Set<() => void>();

function update(next: (current: ChatState) => ChatState): void {
  state = next(state);
  for (const listener of listeners) listener();
}

export const chatState = {
  get: (): ChatState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Opening the widget resets the unread count (spec 001 §4). */
  setOpen: (isOpen: boolean) => update((s) => ({ ...s, isOpen, unreadCount: isOpen ? 0 : s.unreadCount })),
  setTab: (activeTab: ManagerChatType) => update((s) => ({ ...s, activeTab })),
  openSession: (type: ManagerChatType, sessionId: string | undefined) => update((s) => ({ ...s, activeTab: type, sessionIds: { ...s.sessionIds, [type]: sessionId } })),
  /** An exchange answered; true when it was not known yet (so a closed widget counts it as unread). */
  arrive(question: ManagerChatMessage, reply: ManagerChatMessage, options: { countUnread: boolean }): boolean {
    const known = (state.arrived[reply.session_id] ?? []).some((message) => message.id === reply.id);
    if (known) return false;
    update((s) => ({
      ...s,
      arrived: { ...s.arrived, [reply.session_id]: [...(s.arrived[reply.session_id] ?? []), question, reply] },
      unreadCount: options.countUnread && !s.isOpen ? s.unreadCount + 1 : s.unreadCount,
    }));
    return true;
  },
  forget: (sessionId: string) =>
    update((s) => {
      const { [sessionId]: _gone, ...arrived } = s.arrived;
      const sessionIds = Object.fromEntries(Object.entries(s.sessionIds).filter(([, id]) => id !== sessionId));
      return { ...s, arrived, sessionIds };
    }),
  /** Sign-out, and tests: a fresh start. */
  reset: () => update(() => ({ isOpen: false, unreadCount: 0, activeTab: 'general', sessionIds: {}, arrived: {} })),
};

export function useChatState(): ChatState {
  return useSyncExternalStore(chatState.subscribe, chatState.get, chatState.get);
}

/** The session's messages as read, plus those arrived since, each once, in time order. */
export function mergeMessages(read: readonly ManagerChatMessage[], arrived: readonly ManagerChatMessage[]): ManagerChatMessage[] {
  const byId = new Map<string, ManagerChatMessage>();
  for (const message of [...read, ...arrived]) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.id.localeCompare(b.id));
}
