import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { DocumentsTable, type DocumentOrder } from '../../app/documents/DocumentsTable.js';
import { homeOwnerDocumentPath } from '../../app/documents/document-paths.js';
import { useListVaultDocumentsQuery } from '../../app/generated/vault-api.js';
import { useDocumentStatusStream } from '../../app/documents/useDocumentStatusStream.js';
import { PageTitle } from '../../app/pm-shell/PageTitle.js';
import { useLoadErrorToast } from '../../lib/feedback/useLoadErrorToast.js';

/** /documents (spec 000 §2 home-owner portal): every document of the owner's properties, and those awaiting one. */
export function HomeOwnerDocumentsPage() {
  const navigate = useNavigate();
  const [order, setOrder] = useState<DocumentOrder>({ sort: 'created_at', order: 'desc' });
  const documents = useListVaultDocumentsQuery({ sort: order.sort, order: order.order, limit: 100 });
  useLoadErrorToast(documents.isError, 'Failed to fetch documents');
  const live = useDocumentStatusStream();
  const open = useCallback((id: string) => void navigate(homeOwnerDocumentPath(id)), [navigate]);
  return (
    <div>
      <PageTitle style={{ marginBottom: 16 }}>Documents</PageTitle>
      <DocumentsTable label="Documents" documents={documents.data?.items ?? []} loading={documents.isFetching} live={live} order={order} onOrderChange={setOrder} onOpen={open} />
    </div>
  );
}
