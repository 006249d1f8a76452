import { ManagerChatStream } from '@pm/contracts';
import { useEffect, useRef } from 'react';
import { selectAccessToken } from '../../app/session-slice.js';
import { useAppDispatch } from '../../app/useAppDispatch.js';
import { useAppSelector } from '../../app/useAppSelector.js';
import { followSse } from '../../lib/sse/follow-sse.js';
import { assistantApi } from '../../app/generated/assistant-api.js';
import { chatState } from './chat-state.js';

/**
 * Follows the user's chat stream (`simulation/stream`) while `enabled`: an exchange answered in another tab of theirs
 * shows here too, and counts as unread while the widget is closed (spec 001 §4). Mounted once, by the widget, on
 * every manager page.
 */
export function useChatStream(enabled: boolean, countUnread: boolean): void {
  const dispatch = useAppDispatch();
  const accessToken = useAppSelector(selectAccessToken);
  // Read on every reconnect, so a token refreshed meanwhile is the one sent.
  const token = useRef(accessToken);
  useEffect(() => {
    token.current = accessToken;
  }, [accessToken]);
  const follow = enabled && accessToken !== null;
  // Read when an event arrives: on the chat's own page nothing is unread (and the page's own answer may come first by the stream).
  const counting = useRef(countUnread);
  useEffect(() => {
    counting.current = countUnread;
  }, [countUnread]);

  useEffect(() => {
    if (!follow) return;
    const stop = new AbortController();
    void (async () => {
      const events = followSse(`/api/${ManagerChatStream.path}`, {
        parse: (data) => ManagerChatStream.data.parse(data),
        accessToken: () => token.current,
        signal: stop.signal,
      });
      for await (const event of events) {
        const { question, reply, session_id } = event.data;
        if (chatState.arrive(question, reply, { countUnread: counting.current })) dispatch(assistantApi.util.invalidateTags([{ type: 'ManagerChatSession', id: 'LIST' }, { type: 'ManagerChatSession', id: session_id }]));
      }
    })().catch(() => undefined);
    return () => stop.abort();
  }, [follow, dispatch]);
}
