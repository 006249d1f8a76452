import {
  DOCUMENT_CATEGORY_UPDATED,
  DOCUMENT_DELETED,
  DOCUMENT_MOVED,
  DOCUMENT_RENAMED,
  RenameDocument,
  vaultLimits,
  type DocumentView,
  type FolderView,
} from '@pm/contracts';
import { App, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import {
  useDeleteDocumentMutation,
  useGetTaggingOptionsQuery,
  useMoveDocumentsToFolderMutation,
  useRenameDocumentMutation,
  useUpdateDocumentCategoryMutation,
  useUpdateDocumentTagsMutation,
} from '../../app/generated/vault-api.js';
import { errorMessage } from '../../lib/http/error-message.js';
import { useDocumentCategoryOptions } from './useDocumentCategoryOptions.js';
import { contractRules } from '../../lib/forms/contract-rules.js';

/** Spec 001 §8's toasts where the server's answer carries none. */
export const documentActionTexts = {
  renameFailed: 'Failed to rename document.',
  categoryFailed: 'Failed to update category of document',
  deleteFailed: 'Failed to delete document.',
  moveFailed: 'Failed to move documents',
  tagsFailed: 'Failed to update document tags.',
  tagsUpdated: 'Document tags updated.',
  deleteTitle: 'Delete this document?',
  deleteBody: (name: string) => `"${name}" will be removed from the vault, its search and every list. This cannot be undone.`,
} as const;

interface DialogProps {
  document: DocumentView;
  onClose: () => void;
}

/** Rename: the name shown in the vault (the stored file keeps its own key). */
export function RenameDocumentDialog({ document, onClose }: DialogProps) {
  const { notification } = App.useApp();
  const [rename, renaming] = useRenameDocumentMutation();
  const [form] = Form.useForm<{ name: string }>();
  const submit = async ({ name }: { name: string }) => {
    try {
      await rename({ id: document.id, name: name.trim() }).unwrap();
      notification.success({ title: DOCUMENT_RENAMED });
      onClose();
    } catch (failure) {
      notification.error({ title: errorMessage(failure, documentActionTexts.renameFailed) });
    }
  };
  return (
    <Modal open title="Rename document" okText="Rename" okButtonProps={{ loading: renaming.isLoading }} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ name: document.original_name }} onFinish={(values) => void submit(values)}>
        <Form.Item name="name" label="Name" rules={contractRules(RenameDocument.request.shape.name)}>
          <Input maxLength={vaultLimits.documentName} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Change category: a person's choice, which the AI's categorisation never overrides. */
export function ChangeCategoryDialog({ document, onClose }: DialogProps) {
  const { notification } = App.useApp();
  const [update, updating] = useUpdateDocumentCategoryMutation();
  const [category, setCategory] = useState<number | undefined>(document.category_id ?? undefined);
  const categories = useDocumentCategoryOptions();
  const submit = async () => {
    if (category === undefined) return;
    try {
      await update({ id: document.id, category }).unwrap();
      notification.success({ title: DOCUMENT_CATEGORY_UPDATED });
      onClose();
    } catch {
      notification.error({ title: documentActionTexts.categoryFailed });
    }
  };
  return (
    <Modal open title="Change category" okText="Save" okButtonProps={{ disabled: category === undefined, loading: updating.isLoading }} onOk={() => void submit()} onCancel={onClose}>
      <Form layout="vertical">
        <Form.Item label="Category" htmlFor="document-category">
          <Select id="document-category" aria-label="Category" value={category} onChange={setCategory} options={categories} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Delete, after a confirmation: the row shows Deleting while the call runs (`onDeleting`), then leaves the list when
 * it is read again; a failure puts it back (`onSettled`).
 */
export function useDeleteDocument({ onDeleting, onSettled }: { onDeleting: (id: string) => void; onSettled: (id: string) => void }) {
  const { notification, modal } = App.useApp();
  const [remove] = useDeleteDocumentMutation();
  return (document: DocumentView) =>
    void modal.confirm({
      title: documentActionTexts.deleteTitle,
      content: documentActionTexts.deleteBody(document.original_name),
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: async () => {
        onDeleting(document.id);
        try {
          await remove({ documentId: document.id }).unwrap();
          notification.success({ title: DOCUMENT_DELETED });
        } catch {
          notification.error({ title: documentActionTexts.deleteFailed });
        } finally {
          onSettled(document.id);
        }
      },
    });
}

/** Move to folder: a folder of the same location, or its top level. System folders take no documents by hand. */
export function MoveToFolderDialog({ document, folders, onClose }: DialogProps & { folders: readonly FolderView[] }) {
  const { notification } = App.useApp();
  const [move, moving] = useMoveDocumentsToFolderMutation();
  const TOP_LEVEL = '';
  const [target, setTarget] = useState<string | undefined>();
  const choices = folders.filter((folder) => !folder.is_system_folder && folder.id !== document.folder_id);
  const submit = async () => {
    if (target === undefined) return;
    try {
      await move({ document_ids: [document.id], folder_id: target === TOP_LEVEL ? null : target }).unwrap();
      notification.success({ title: DOCUMENT_MOVED });
      onClose();
    } catch (failure) {
      notification.error({ title: errorMessage(failure, documentActionTexts.moveFailed) });
    }
  };
  return (
    <Modal open title="Move to folder" okText="Move" okButtonProps={{ disabled: target === undefined, loading: moving.isLoading }} onOk={() => void submit()} onCancel={onClose}>
      <Form layout="vertical">
        <Form.Item label="Folder" htmlFor="move-target-folder">
          <Select
            id="move-target-folder"
            aria-label="Folder"
            value={target}
            onChange={setTarget}
            options={[...(document.folder_id ? [{ value: TOP_LEVEL, label: 'My Vault (top level)' }] : []), ...choices.map((folder) => ({ value: folder.id, label: folder.name }))]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type TagKind = 'building_ids' | 'unit_ids' | 'tenant_ids' | 'property_manager_ids';

function uniqueTags(tags: DocumentView['tags']): DocumentView['tags'] {
  const unique = (ids: readonly string[]) => [...new Set(ids)];
  return {
    property_location_ids: unique(tags.property_location_ids),
    building_ids: unique(tags.building_ids),
    unit_ids: unique(tags.unit_ids),
    tenant_ids: unique(tags.tenant_ids),
    property_manager_ids: unique(tags.property_manager_ids),
  };
}

/** Tags: the buildings, units, tenants and property managers of its location the document concerns. */
export function DocumentTagsDialog({ document, locationId, onClose }: DialogProps & { locationId: string }) {
  const { notification } = App.useApp();
  const options = useGetTaggingOptionsQuery({ property_location_ids: [locationId] });
  const [update, updating] = useUpdateDocumentTagsMutation();
  // The same id twice (as stored tags may hold it) is one tag: one chip in the select, one id in the request.
  const [tags, setTags] = useState(() => uniqueTags(document.tags));
  const set = (kind: TagKind) => (ids: string[]) => setTags((previous) => ({ ...previous, [kind]: ids }));
  const submit = async () => {
    try {
      await update({ id: document.id, ...uniqueTags(tags) }).unwrap();
      notification.success({ title: documentActionTexts.tagsUpdated });
      onClose();
    } catch {
      notification.error({ title: documentActionTexts.tagsFailed });
    }
  };
  const data = options.data;
  const fields: { kind: TagKind; label: string; choices: { value: string; label: string }[] }[] = [
    { kind: 'building_ids', label: 'Buildings', choices: (data?.buildings ?? []).map(({ id, name }) => ({ value: id, label: name })) },
    { kind: 'unit_ids', label: 'Units', choices: (data?.units ?? []).map(({ id, name }) => ({ value: id, label: name })) },
    { kind: 'tenant_ids', label: 'Tenants', choices: (data?.tenants ?? []).map(({ id, full_name, archived }) => ({ value: id, label: archived ? `${full_name} (past tenant)` : full_name })) },
    { kind: 'property_manager_ids', label: 'Property managers', choices: (data?.propertyManagers ?? []).map(({ id, full_name }) => ({ value: id, label: full_name })) },
  ];
  return (
    <Modal open title="Tags" okText="Save" okButtonProps={{ loading: updating.isLoading, disabled: !data }} onOk={() => void submit()} onCancel={onClose}>
      <Form layout="vertical">
        {fields.map(({ kind, label, choices }) => (
          <Form.Item key={kind} label={label} htmlFor={`document-tags-${kind}`}>
            <Select
              id={`document-tags-${kind}`}
              aria-label={label}
              mode="multiple"
              allowClear
              loading={options.isLoading}
              value={tags[kind]}
              onChange={set(kind)}
              options={choices}
              optionFilterProp="label"
            />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
