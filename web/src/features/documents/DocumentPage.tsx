import { DownloadOutlined } from '@ant-design/icons';
import { DOCUMENT_NOT_FOUND } from '@pm/contracts';
import { Alert, App, Button, Col, Result, Row, Space, Spin, Tag } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { statusColor, statusLabel, withLiveStatus } from '../../app/documents/document-status.js';
import { useGetDocumentQuery } from '../../app/generated/vault-api.js';
import { useDocumentStatusStream } from '../../app/documents/useDocumentStatusStream.js';
import { selectAccessToken } from '../../app/session-slice.js';
import { useAppSelector } from '../../app/useAppSelector.js';
import { PageTitle } from '../../app/pm-shell/PageTitle.js';
import { previewState, previewTexts } from './document-preview.js';
import { DocumentChatCard, ExtractedFactsCard, SummaryCard } from './DocumentSideCards.js';
import { downloadDocument, useDocumentFile } from './useDocumentFile.js';

// pdf.js is large: it loads only when a PDF is shown.
const PdfViewer = lazy(async () => ({ default: (await import('./PdfViewer.js')).PdfViewer }));

/** documents/{id} (manager `/property-manager/documents/{id}`, home owner `/documents/{id}`): preview and side cards. */
export function DocumentPage() {
  const { id = '' } = useParams();
  const { notification } = App.useApp();
  const token = useAppSelector(selectAccessToken);
  const fetched = useGetDocumentQuery({ id }, { skip: !id });
  const live = useDocumentStatusStream();
  const document = useMemo(() => (fetched.data ? withLiveStatus(fetched.data, live) : undefined), [fetched.data, live]);
  const preview = document ? previewState(document) : null;
  const variant = preview?.kind === 'pdf' ? preview.variant : preview?.kind === 'image' ? 'original' : null;
  const file = useDocumentFile(id, variant);
  const [page, setPage] = useState(1);
  const imageUrl = useMemo(() => (preview?.kind === 'image' && file.blob ? URL.createObjectURL(file.blob) : null), [preview?.kind, file.blob]);

  if (fetched.isLoading) return <Spin aria-label="Loading document" />;
  if (fetched.isError || !document || !preview) return <Result status="404" title={DOCUMENT_NOT_FOUND} subTitle="It may have been deleted, or it belongs to a property you cannot open." />;

  const download = (
    <Button
      icon={<DownloadOutlined />}
      onClick={() => downloadDocument(document.id, document.original_name, token).catch(() => notification.error({ title: 'The download failed. Please try again.' }))}
    >
      Download
    </Button>
  );
  const stateMessage = (kind: 'converting' | 'pending' | 'failed' | 'unavailable') => (
    <Alert
      type={kind === 'failed' ? 'error' : 'info'}
      showIcon
      title={previewTexts[kind]}
      description={kind === 'failed' && document.metadata.failure_reason ? document.metadata.failure_reason : undefined}
      action={kind === 'converting' ? undefined : download}
    />
  );

  return (
    <div>
      <Space align="center" wrap style={{ marginBottom: 16 }}>
        <PageTitle>{document.original_name}</PageTitle>
        <Tag color={statusColor(document.status)}>{statusLabel(document.status)}</Tag>
        {document.category && <Tag>{document.category.name}</Tag>}
        {download}
      </Space>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={15} aria-label="Document preview">
          {preview.kind === 'pdf' || preview.kind === 'image' ? (
            file.error ? (
              stateMessage('unavailable')
            ) : !file.blob ? (
              <Spin aria-label="Loading preview" />
            ) : preview.kind === 'image' ? (
              <img src={imageUrl ?? undefined} alt={document.original_name} style={{ maxWidth: '100%' }} />
            ) : (
              <Suspense fallback={<Spin aria-label="Loading preview" />}>
                <PdfViewer file={file.blob} page={page} onPageChange={setPage} />
              </Suspense>
            )
          ) : (
            stateMessage(preview.kind)
          )}
        </Col>
        <Col xs={24} lg={9}>
          <Space orientation="vertical" style={{ width: '100%' }} size={16}>
            <SummaryCard documentId={document.id} status={document.status} />
            <ExtractedFactsCard documentId={document.id} onShowPage={setPage} />
            <DocumentChatCard documentId={document.id} locationId={document.property_location_id} />
          </Space>
        </Col>
      </Row>
    </div>
  );
}
