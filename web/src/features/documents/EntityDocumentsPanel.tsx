import { UploadOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router';
import { DocumentsTable } from '../../app/documents/DocumentsTable.js';
import { managerDocumentPath } from '../../app/documents/document-paths.js';
import { UploadQueuePanel } from '../../app/documents/UploadQueuePanel.js';
import { useListBuildingDocumentsQuery, useListTenantDocumentsQuery, useListUnitDocumentsQuery } from '../../app/generated/vault-api.js';
import { useUploadQueue } from '../../app/documents/upload-queue.js';
import { useDocumentStatusStream } from '../../app/documents/useDocumentStatusStream.js';
import { useLoadErrorToast } from '../../lib/feedback/useLoadErrorToast.js';
import { VaultFilesInput } from '../../app/documents/VaultFilesInput.js';

export type DocumentEntityType = 'building' | 'unit' | 'tenant';

/** Documents shown on an entity's tab, newest first (the next pages are not offered yet). */
const ENTITY_PAGE_SIZE = 100;

/** `GET {entityType}/{entityId}/document` (spec 001 §7): the documents filed on a building, unit or tenant, or tagged with it. */
function useEntityDocuments(entityType: DocumentEntityType, id: string) {
  const request = { id, sort: 'created_at', order: 'desc', limit: ENTITY_PAGE_SIZE } as const;
  const building = useListBuildingDocumentsQuery(request, { skip: entityType !== 'building' });
  const unit = useListUnitDocumentsQuery(request, { skip: entityType !== 'unit' });
  const tenant = useListTenantDocumentsQuery(request, { skip: entityType !== 'tenant' });
  return { building, unit, tenant }[entityType];
}

/** A building's, unit's or tenant's Documents: its list and an upload filed on it (and its location). */
export function EntityDocumentsPanel({ entityType, entityId, locationId }: { entityType: DocumentEntityType; entityId: string; locationId: string }) {
  const navigate = useNavigate();
  const documents = useEntityDocuments(entityType, entityId);
  useLoadErrorToast(documents.isError, 'Failed to fetch documents');
  const live = useDocumentStatusStream();
  const uploads = useUploadQueue();
  const input = useRef<HTMLInputElement>(null);
  const open = useCallback((id: string) => void navigate(managerDocumentPath(id)), [navigate]);
  const entity = entityType === 'building' ? { buildingId: entityId } : entityType === 'unit' ? { unitId: entityId } : { tenantId: entityId };
  return (
    <Card
      title="Documents"
      extra={
        <Button icon={<UploadOutlined />} onClick={() => input.current?.click()}>
          Upload
        </Button>
      }
    >
      <UploadQueuePanel queue={uploads} />
      <DocumentsTable label={`Documents of this ${entityType}`} documents={documents.data?.items ?? []} loading={documents.isFetching} live={live} onOpen={open} />
      <VaultFilesInput
        ref={input}
        label={`Files to upload to this ${entityType}`}
        onFiles={(files) => uploads.enqueue(files, { locationIds: [locationId], dataType: 'document', ...entity })}
      />
    </Card>
  );
}
