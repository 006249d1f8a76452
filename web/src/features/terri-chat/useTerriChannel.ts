import { ChatMessageSchema, TERRI_CHAT_STREAM_PATH, type ChatMessage } from '@pm/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useStore } from 'react-redux';
import { selectAccessToken } from '../../app/session-slice.js';
import type { AppStore } from '../../app/store.js';
import { followSse } from '../../lib/sse/follow-sse.js';
import { useListChatMessagesQuery } from './api.js';

/**
 * The caller's channel: the history (newest page, shown oldest first), then every message the stream brings — the
 * person's own from any tab and Terri's replies. A message seen twice (history and stream, a send's answer and its
 * echo) is kept once, the latest copy winning, so a rating answered by the server replaces the streamed copy.
 */
export function useTerriChannel(enabled: boolean) {
  const store = useStore() as AppStore;
  const history = useListChatMessagesQuery(undefined, { skip: !enabled, refetchOnMountOrArgChange: true });
  const [live, setLive] = useState<ReadonlyMap<string, ChatMessage>>(new Map());

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    void (async () => {
      try {
        for await (const { data } of followSse(`/api/${TERRI_CHAT_STREAM_PATH}`, {
          parse: (raw) => ChatMessageSchema.parse(raw),
          accessToken: () => selectAccessToken(store.getState()),
          signal: controller.signal,
        })) {
          setLive((current) => new Map(current).set(data.id, keepRating(current.get(data.id), data)));
        }
      } catch {
        // Spec 000 §8: a chat connection failure shows nothing; followSse already reconnects while the page is open.
      }
    })();
    return () => controller.abort();
  }, [enabled, store]);

  const messages = useMemo(() => {
    const byId = new Map<string, ChatMessage>();
    for (const message of [...(history.data?.items ?? [])].reverse()) byId.set(message.id, message);
    for (const message of live.values()) byId.set(message.id, keepRating(byId.get(message.id), message));
    return [...byId.values()].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
  }, [history.data, live]);

  /** A message the server answered (sent, or rated): shown at once, before or instead of its echo. */
  const remember = (message: ChatMessage) => setLive((current) => new Map(current).set(message.id, message));

  return { messages, loading: history.isLoading, remember };
}

/** The stream never carries ratings (they are the caller's own): a streamed copy keeps the rating already known. */
function keepRating(known: ChatMessage | undefined, incoming: ChatMessage): ChatMessage {
  return known && incoming.rating === null ? { ...incoming, rating: known.rating, own_reactions: known.own_reactions } : incoming;
}
