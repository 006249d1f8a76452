import { DocumentStatusStream, type DocumentStatus } from '@pm/contracts';
import { useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import { followSse } from '../../lib/sse/follow-sse.js';
import { baseApi } from '../base-api.js';
import { selectAccessToken } from '../session-slice.js';
import type { AppStore } from '../store.js';
import { useAppSelector } from '../useAppSelector.js';
import type { LiveDocumentStatus } from './document-status.js';

const RECONNECT_MS = 5_000;
/** Statuses after which the document's stored fields (category, summary, preview) have settled: refetch it then. */
const FINAL = new Set<DocumentStatus>(['PROCESSED', 'FAILED', 'READY', 'COMPLETED', 'PENDING', 'DELETED']);

/**
 * Live status and progress per document while the screen is open (spec 001 §4: they override fetched values, so rows
 * go PROCESSING → PROCESSED without a refresh). A final status also refetches that document, so its category,
 * summary and preview flags follow.
 */
export function useDocumentStatusStream(): ReadonlyMap<string, LiveDocumentStatus> {
  const store = useStore() as AppStore;
  const signedIn = useAppSelector((state) => selectAccessToken(state) !== null);
  const [live, setLive] = useState<ReadonlyMap<string, LiveDocumentStatus>>(() => new Map());

  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    void (async () => {
      try {
        for await (const { data } of followSse(`/api/${DocumentStatusStream.path}`, {
          parse: (raw) => DocumentStatusStream.data.parse(raw),
          accessToken: () => selectAccessToken(store.getState()),
          signal: controller.signal,
          reconnectDelayMs: RECONNECT_MS,
        })) {
          setLive((previous) => new Map(previous).set(data.document_id, { status: data.status, progress: data.progress }));
          if (FINAL.has(data.status)) store.dispatch(baseApi.util.invalidateTags([{ type: 'Document', id: data.document_id }, { type: 'DocumentSummary', id: data.document_id }]));
        }
      } catch {
        // The stream ended for good (sign-out, page left): fetched values stand; followSse reconnects otherwise.
      }
    })();
    return () => controller.abort();
  }, [signedIn, store]);

  return live;
}
