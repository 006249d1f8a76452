import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import { baseApi } from '../base-api.js';
import { LIST_ID } from '../cache-tags.js';
import { selectAccessToken } from '../session-slice.js';
import type { AppStore } from '../store.js';
import { UploadError, uploadWithRetries, type UploadProgress } from './upload-stream.js';

/** Spec 002 §9: the queue panel lists the first 3 waiting files. */
export const QUEUE_DISPLAY_COUNT = 3;

/** Where a file goes: the upload options of spec 001 §3 (data_type, location_ids, folder_id, tags) and a category. */
export interface UploadTarget {
  locationIds: string[];
  folderId?: string | null;
  categoryId?: number | null;
  dataType?: string;
  /** An entity's Documents tab files the document on it (building, unit or tenant of the location). */
  buildingId?: string;
  unitId?: string;
  tenantId?: string;
}

export interface QueuedUpload {
  key: string;
  file: File;
  target: UploadTarget;
}

export interface CurrentUpload extends QueuedUpload {
  progress: UploadProgress | null;
}

export interface FinishedUpload {
  key: string;
  name: string;
  error: string | null;
  documentIds: string[];
}

/** The multipart form of `document/v2/upload-stream` (spec 001 §7): file, data_type, location_ids and tags as JSON, folder_id. */
export function uploadForm(file: File, target: UploadTarget): FormData {
  const form = new FormData();
  form.append('data_type', target.dataType ?? 'document');
  form.append('location_ids', JSON.stringify(target.locationIds));
  if (target.folderId) form.append('folder_id', target.folderId);
  if (target.categoryId) form.append('category_id', String(target.categoryId));
  if (target.buildingId) form.append('building_id', target.buildingId);
  if (target.unitId) form.append('unit_id', target.unitId);
  if (target.tenantId) form.append('tenant_id', target.tenantId);
  form.append('tags', JSON.stringify({}));
  // The file goes last: the BFF reads the fields before it streams the bytes to storage. Its size, declared just
  // before it, lets the BFF write the bytes to storage as they arrive, in one request.
  form.append('file_size', String(file.size));
  form.append('file', file, file.name);
  return form;
}

/**
 * The upload queue (spec 002 "Upload queue"): files wait in order, one uploads at a time with its progress, and each
 * finished upload refreshes the document lists. Cancelling the current upload aborts it; cancelling a waiting one
 * drops it.
 */
export function useUploadQueue() {
  const store = useStore() as AppStore;
  const [queue, setQueue] = useState<QueuedUpload[]>([]);
  const [current, setCurrent] = useState<CurrentUpload | null>(null);
  const [finished, setFinished] = useState<FinishedUpload[]>([]);
  const controller = useRef<AbortController | null>(null);

  const enqueue = useCallback((files: readonly File[], target: UploadTarget) => {
    setQueue((waiting) => [...waiting, ...files.map((file) => ({ key: crypto.randomUUID(), file, target }))]);
  }, []);

  useEffect(() => {
    if (current !== null || queue.length === 0) return;
    const [next, ...rest] = queue as [QueuedUpload, ...QueuedUpload[]];
    setQueue(rest);
    setCurrent({ ...next, progress: null });
    const abort = new AbortController();
    controller.current = abort;
    void uploadWithRetries({
      form: () => uploadForm(next.file, next.target),
      idempotencyKey: next.key,
      accessToken: () => selectAccessToken(store.getState()),
      onProgress: (progress) => setCurrent((upload) => (upload?.key === next.key ? { ...upload, progress } : upload)),
      signal: abort.signal,
    })
      .then(
        (completed) => ({ key: next.key, name: next.file.name, error: null, documentIds: completed.documents.map(({ document }) => document.id) }),
        (error: unknown) => ({ key: next.key, name: next.file.name, error: error instanceof UploadError ? error.message : 'Failed to upload file', documentIds: [] }),
      )
      .then((result) => {
        setFinished((done) => [result, ...done].slice(0, 20));
        store.dispatch(baseApi.util.invalidateTags([{ type: 'Document', id: LIST_ID }, 'OnboardingProgress']));
        controller.current = null;
        setCurrent(null);
      });
  }, [current, queue, store]);

  useEffect(() => () => controller.current?.abort(), []);

  const cancel = useCallback((key: string) => {
    setQueue((waiting) => waiting.filter((upload) => upload.key !== key));
    setCurrent((upload) => {
      if (upload?.key === key) controller.current?.abort();
      return upload;
    });
  }, []);

  return { queue, shown: queue.slice(0, QUEUE_DISPLAY_COUNT), current, finished, enqueue, cancel };
}

export type UploadQueue = ReturnType<typeof useUploadQueue>;
