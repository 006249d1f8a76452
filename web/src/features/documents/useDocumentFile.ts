import { useEffect, useState } from 'react';
import { useAppSelector } from '../../app/useAppSelector.js';
import { selectAccessToken } from '../../app/session-slice.js';
import { saveDownload } from '../../lib/http/save-download.js';

/**
 * The document's bytes (`GET document/doc/{id}`, `?variant=preview` for an office file's converted PDF), read with
 * the session's bearer token into a Blob, so the preview never puts a credential in a URL. The BFF takes the
 * Authorization header as well as a document-scoped `?token=`; the header needs no extra call for a token.
 */
export function useDocumentFile(documentId: string, variant: 'original' | 'preview' | null) {
  const token = useAppSelector(selectAccessToken);
  const key = variant === null ? null : `${documentId}:${variant}`;
  // Kept with the request it answers, so a new document or variant shows loading rather than the previous file.
  const [state, setState] = useState<{ key: string | null; blob: Blob | null; error: boolean }>({ key: null, blob: null, error: false });
  useEffect(() => {
    if (variant === null) return;
    const controller = new AbortController();
    const requested = `${documentId}:${variant}`;
    const query = variant === 'preview' ? '?variant=preview' : '';
    fetch(`/api/document/doc/${encodeURIComponent(documentId)}${query}`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        setState({ key: requested, blob: await response.blob(), error: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ key: requested, blob: null, error: true });
      });
    return () => controller.abort();
  }, [documentId, variant, token]);
  return state.key === key ? state : { blob: null, error: false };
}

/** Saves the original file under its shown name. */
export function downloadDocument(documentId: string, name: string, token: string | null): Promise<void> {
  return saveDownload(`document/doc/${encodeURIComponent(documentId)}`, name, token);
}
