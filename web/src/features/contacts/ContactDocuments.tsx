import { UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Typography } from 'antd';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { DocumentsTable } from '../../app/documents/DocumentsTable.js';
import { managerDocumentPath } from '../../app/documents/document-paths.js';
import { useDocumentStatusStream } from '../../app/documents/useDocumentStatusStream.js';
import { errorMessage } from '../../lib/http/error-message.js';
import { useListContactDocumentsQuery, useUploadContactDocumentMutation } from '../../app/generated/vault-api.js';
import { VaultFilesInput } from '../../app/documents/VaultFilesInput.js';

/** Spec 001 §8 ("Failed to upload file", "Failed to fetch documents") and our own words for the rest. */
export const contactDocumentTexts = {
  title: 'Documents',
  upload: 'Upload',
  uploaded: 'Document uploaded successfully',
  uploadFailed: 'Failed to upload file',
  loadFailed: 'Failed to fetch documents',
  empty: 'No documents for this contact yet.',
} as const;

/**
 * A contact's documents at the selected location (spec 002 `GET contacts/{contactId}/documents`): their insurance
 * certificate, W-9, contract… listed with their live status, each opening the document page; an upload files the file
 * at the location and links it to the contact (the same file already there is linked, not stored twice).
 */
/** A contact's documents listed in its dialog, newest first (the vault page has them all). */
const CONTACT_DOCUMENTS_SHOWN = 50;

export function ContactDocuments({ contactId, contactName, locationId }: { contactId: string; contactName: string; locationId: string }) {
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const documents = useListContactDocumentsQuery({ id: contactId, location_id: locationId, sort: 'created_at', order: 'desc', limit: CONTACT_DOCUMENTS_SHOWN });
  const [upload, { isLoading: uploading }] = useUploadContactDocumentMutation();
  const live = useDocumentStatusStream();
  const input = useRef<HTMLInputElement>(null);

  const send = async (files: File[]) => {
    for (const file of files) {
      const result = await upload({ id: contactId, location_id: locationId, files: [file] });
      if ('error' in result) notification.error({ title: contactDocumentTexts.uploadFailed, description: errorMessage(result.error, '') || undefined });
      else notification.success({ title: contactDocumentTexts.uploaded });
    }
  };

  return (
    <section aria-label={`Documents of ${contactName}`}>
      <Flex justify="space-between" align="center" style={{ margin: '16px 0 8px' }}>
        <Typography.Text strong>{contactDocumentTexts.title}</Typography.Text>
        <Button icon={<UploadOutlined />} loading={uploading} onClick={() => input.current?.click()}>
          {contactDocumentTexts.upload}
        </Button>
      </Flex>
      {documents.isError ? (
        <Alert type="error" showIcon role="alert" title={contactDocumentTexts.loadFailed} />
      ) : documents.data && documents.data.items.length === 0 ? (
        <Typography.Text type="secondary">{contactDocumentTexts.empty}</Typography.Text>
      ) : (
        <DocumentsTable
          label={`Documents of ${contactName}`}
          documents={documents.data?.items ?? []}
          loading={documents.isFetching}
          live={live}
          onOpen={(id) => void navigate(managerDocumentPath(id))}
        />
      )}
      <VaultFilesInput ref={input} label={`Files to upload for ${contactName}`} onFiles={(files) => void send(files)} />
    </section>
  );
}
