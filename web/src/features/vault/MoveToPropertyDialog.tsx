import { ALREADY_IN_THIS_PROPERTY, DOCUMENT_MOVED, DUPLICATE_IN_TARGET } from '@pm/contracts';
import { App, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useMoveDocumentsBetweenPropertiesMutation } from '../../app/documents/vault-actions-api.js';
import { useGetPropertyLocationsQuery } from '../../app/location-data-api.js';

/** "Move to another property" (spec 001 §2 Vault; §8 texts): the document leaves this location's vault for another. */
export function MoveToPropertyDialog({ documentId, sourceLocationId, onClose }: { documentId: string; sourceLocationId: string; onClose: () => void }) {
  const { notification } = App.useApp();
  const locations = useGetPropertyLocationsQuery();
  const [target, setTarget] = useState<string | undefined>();
  const [move, moving] = useMoveDocumentsBetweenPropertiesMutation();
  const submit = async () => {
    if (!target) return;
    if (target === sourceLocationId) {
      notification.info({ title: ALREADY_IN_THIS_PROPERTY });
      return;
    }
    try {
      const moved = await move({ document_ids: [documentId], source_property_location_id: sourceLocationId, target_property_location_id: target }).unwrap();
      // A location keeps one copy of a file: when the target has these bytes already, the document stays here.
      if (moved.moved_documents_count === 0 && moved.skipped_duplicates_count > 0) notification.warning({ title: DUPLICATE_IN_TARGET });
      else notification.success({ title: DOCUMENT_MOVED });
      onClose();
    } catch {
      notification.error({ title: 'Failed to move documents between properties' });
    }
  };
  return (
    <Modal open title="Move to another property" okText="Move" okButtonProps={{ disabled: !target, loading: moving.isLoading }} onOk={() => void submit()} onCancel={onClose}>
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
