import { ALREADY_IN_THIS_PROPERTY, DOCUMENT_MOVED, DUPLICATE_IN_TARGET } from '@pm/contracts';
import { App, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useMoveDocumentsBetweenPropertiesMutation, useMoveFoldersBetweenPropertiesMutation } from '../../app/generated/vault-api.js';
import { useListPropertyLocationsQuery } from '../../app/generated/portfolio-api.js';
import { errorMessage } from '../../lib/http/error-message.js';
import { folderActionTexts, vaultTexts } from './vault-texts.js';

/** What moves: one document, or one folder with everything inside it. */
export type MoveItem = { documentId: string } | { folderId: string };

/**
 * "Move to another property" (spec 001 §2 Vault; §8 texts): the document, or the folder with its subtree, leaves this
 * location's vault for another's top level.
 */
export function MoveToPropertyDialog({ item, sourceLocationId, onClose }: { item: MoveItem; sourceLocationId: string; onClose: () => void }) {
  const { notification } = App.useApp();
  const locations = useListPropertyLocationsQuery();
  const [target, setTarget] = useState<string | undefined>();
  const [moveDocuments, movingDocuments] = useMoveDocumentsBetweenPropertiesMutation();
  const [moveFolders, movingFolders] = useMoveFoldersBetweenPropertiesMutation();
  const submit = async () => {
    if (!target) return;
    if (target === sourceLocationId) {
      notification.info({ title: ALREADY_IN_THIS_PROPERTY });
      return;
    }
    const between = { source_property_location_id: sourceLocationId, target_property_location_id: target };
    if ('folderId' in item) {
      try {
        const moved = await moveFolders({ folder_ids: [item.folderId], ...between }).unwrap();
        // Files the target has already stay here, at the top level.
        notification.success({ title: folderActionTexts.moved, description: moved.skipped_duplicates_count > 0 ? DUPLICATE_IN_TARGET : undefined });
        onClose();
      } catch (failure) {
        notification.error({ title: vaultTexts.moveFoldersFailed, description: errorMessage(failure, '') || undefined });
      }
      return;
    }
    try {
      const moved = await moveDocuments({ document_ids: [item.documentId], ...between }).unwrap();
      // A location keeps one copy of a file: when the target has these bytes already, the document stays here.
      if (moved.moved_documents_count === 0 && moved.skipped_duplicates_count > 0) notification.warning({ title: DUPLICATE_IN_TARGET });
      else notification.success({ title: DOCUMENT_MOVED });
      onClose();
    } catch {
      notification.error({ title: vaultTexts.moveDocumentsFailed });
    }
  };
  return (
    <Modal
      open
      title="Move to another property"
      okText="Move"
      okButtonProps={{ disabled: !target, loading: movingDocuments.isLoading || movingFolders.isLoading }}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form layout="vertical">
        <Form.Item label="Target property" htmlFor="move-target-property">
          <Select
            id="move-target-property"
            aria-label="Target property"
            value={target}
            onChange={setTarget}
            loading={locations.isLoading}
            options={(locations.data ?? []).filter((location) => location.id !== sourceLocationId).map((location) => ({ value: location.id, label: location.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
