import { MessagingNotifyStream } from '@pm/contracts';
import type { TagDescription } from '@reduxjs/toolkit/query';
import type { z } from 'zod';
import { useEffect, useRef } from 'react';
import { useStore } from 'react-redux';
import { followSse } from '../../lib/sse/follow-sse.js';
import { baseApi } from '../base-api.js';
import { LIST_ID } from '../cache-tags.js';
import { selectAccessToken } from '../session-slice.js';
import type { AppStore } from '../store.js';
import { useAppSelector } from '../useAppSelector.js';
import type { TagType } from '../tag-types.js';

export type MessagingNotice = z.infer<typeof MessagingNotifyStream.data>;

/** Spec 001 §7: reconnect 5 s after a close; while the BFF keeps refusing, back off up to a minute. */
export const NOTIFY_RECONNECT_MS = 5_000;
export const NOTIFY_MAX_RECONNECT_MS = 60_000;
/** Notices arriving together (a message and its draft request, a reply and its delivery) cost one refetch. */
export const NOTIFY_BATCH_MS = 150;

/**
 * Which cached lists a notice makes stale. Whole tag types where the notice cannot name the cached entry (a thread is
 * cached by its session, which a notice does not carry), list tags otherwise; the queries on screen refetch, the rest
 * refetch when next shown.
 */
export function tagsForNotice(notice: MessagingNotice): TagDescription<TagType>[] {
  switch (notice.type) {
    case 'message':
      return [{ type: 'InboxItem', id: LIST_ID }, { type: 'InboxUnread', id: LIST_ID }, 'MessageSession'];
    case 'draft':
      return [{ type: 'InboxItem', id: LIST_ID }, ...(notice.message_id ? [{ type: 'MessageDraft' as const, id: notice.message_id }] : [])];
    case 'delivery':
      return [{ type: 'SentMessage', id: LIST_ID }, { type: 'InboxItem', id: LIST_ID }, 'MessageSession'];
    case 'ticket':
      // An urgent ticket opened at intake marks its message, and so its session, URGENT before any draft exists.
      return [{ type: 'Ticket', id: LIST_ID }, { type: 'InboxItem', id: LIST_ID }, 'MessageSession'];
  }
}

/**
 * The manager console's live refresh (spec 001 §7 "msg/notify-stream"): while a property manager is signed in with a
 * location selected, follows the notify stream and invalidates what each notice about that location makes stale —
 * inbox, unread count, drafts, Sent lists, threads, tickets — so a new text shows at once instead of at the next
 * 30 s poll, which stays as the fallback. Follows through reconnects (resuming with Last-Event-ID) and closes on
 * sign-out or when the console goes. Changing location does not reconnect: the stream is per caller, the filter local.
 */
export function useMessagingLiveRefresh(locationId: string | null): void {
  const store = useStore() as AppStore;
  const signedIn = useAppSelector((state) => selectAccessToken(state) !== null);
  const selected = useRef(locationId);
  useEffect(() => {
    selected.current = locationId;
  }, [locationId]);
  const enabled = signedIn && locationId !== null;

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let pending: TagDescription<TagType>[] = [];
    let flush: ReturnType<typeof setTimeout> | undefined;
    const invalidate = (tags: TagDescription<TagType>[]) => {
      pending.push(...tags);
      flush ??= setTimeout(() => {
        flush = undefined;
        const batch = pending;
        pending = [];
        store.dispatch(baseApi.util.invalidateTags(batch));
      }, NOTIFY_BATCH_MS);
    };

    void (async () => {
      try {
        for await (const { data } of followSse(`/api/${MessagingNotifyStream.path}`, {
          parse: (raw) => MessagingNotifyStream.data.parse(raw),
          accessToken: () => selectAccessToken(store.getState()),
          signal: controller.signal,
          reconnectDelayMs: NOTIFY_RECONNECT_MS,
          maxReconnectDelayMs: NOTIFY_MAX_RECONNECT_MS,
        })) {
          if (data.location_id === selected.current) invalidate(tagsForNotice(data));
        }
      } catch {
        // Nothing to show: the polls keep the screens current, and followSse already reconnects while enabled.
      }
    })();
    return () => {
      controller.abort();
      clearTimeout(flush);
    };
  }, [enabled, store]);
}
