import { TERRI_CHAT_STREAM_PATH, TerriChatStream, type ChatMessage } from '@pm/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useStore } from 'react-redux';
import { selectAccessToken } from '../../app/session-slice.js';
import type { AppStore } from '../../app/store.js';
import { followSse } from '../../lib/sse/follow-sse.js';
import { useListChatMessagesQuery } from '../../app/generated/assistant-api.js';

/** A message of the channel; `partial`: Terri's reply while it is written (its words so far, under its final id). */
/** The latest page: the chat shows the conversation so far, the stream brings what follows. */
const HISTORY = { limit: 50 };

export type ChannelMessage = ChatMessage & { partial?: boolean };

/**
 * The caller's channel: the history (newest page, shown oldest first), then every message the stream brings — the
 * person's own from any tab, and Terri's replies, first as they are written and then as stored. A message seen twice
 * (history and stream, a send's answer and its echo, a reply's words and the reply) is kept once, the latest copy
 * winning, so a rating answered by the server replaces the streamed copy and the stored reply its words so far.
 */
export function useTerriChannel(enabled: boolean) {
  const store = useStore() as AppStore;
  const history = useListChatMessagesQuery(HISTORY, { skip: !enabled, refetchOnMountOrArgChange: true });
  const [live, setLive] = useState<ReadonlyMap<string, ChannelMessage>>(new Map());

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    void (async () => {
      try {
        for await (const { data } of followSse(`/api/${TERRI_CHAT_STREAM_PATH}`, {
          parse: (raw) => TerriChatStream.data.parse(raw),
          accessToken: () => selectAccessToken(store.getState()),
          signal: controller.signal,
        })) {
          setLive((current) => (isStale(current.get(data.id), data) ? current : new Map(current).set(data.id, keepRating(current.get(data.id), data))));
        }
      } catch {
        // Spec 000 §8: a chat connection failure shows nothing; followSse already reconnects while the page is open.
      }
    })();
    return () => controller.abort();
  }, [enabled, store]);

  const messages = useMemo(() => {
    const byId = new Map<string, ChannelMessage>();
    for (const message of [...(history.data?.items ?? [])].reverse()) byId.set(message.id, message);
    for (const message of live.values()) if (!isStale(byId.get(message.id), message)) byId.set(message.id, keepRating(byId.get(message.id), message));
    return [...byId.values()].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
  }, [history.data, live]);

  /** A message the server answered (sent, or rated): shown at once, before or instead of its echo. */
  const remember = (message: ChatMessage) => setLive((current) => new Map(current).set(message.id, message));

  return { messages, loading: history.isLoading, remember };
}

/** A reply's words so far, once the reply itself is known: they change nothing. */
function isStale(known: ChannelMessage | undefined, incoming: ChannelMessage): boolean {
  return incoming.partial === true && known !== undefined && known.partial !== true;
}

/** The stream never carries ratings (they are the caller's own): a streamed copy keeps the rating already known. */
function keepRating(known: ChannelMessage | undefined, incoming: ChannelMessage): ChannelMessage {
  return known && incoming.rating === null ? { ...incoming, rating: known.rating, own_reactions: known.own_reactions } : incoming;
}
