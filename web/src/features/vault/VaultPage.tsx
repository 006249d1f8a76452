import { FolderOpenOutlined, FolderOutlined, LockOutlined, MoreOutlined, UploadOutlined } from '@ant-design/icons';
import { LEASE_CATEGORY_ID, type DocumentView, type FolderView } from '@pm/contracts';
import { App, Breadcrumb, Button, Card, Dropdown, Flex, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { DocumentsTable, type DocumentOrder, type DocumentRowAction } from '../../app/documents/DocumentsTable.js';
import { managerDocumentPath, vaultFolderPath, vaultPath } from '../../app/documents/document-paths.js';
import { useDeleteFolderMutation, useGetFolderContentsQuery, useGetFolderHierarchyQuery, useGetRootFolderContentsQuery } from '../../app/generated/vault-api.js';
import { PageTitle } from '../../app/pm-shell/PageTitle.js';
import { CreateFolderButton } from './CreateFolderDialog.js';
import { ChangeCategoryDialog, DocumentTagsDialog, MoveToFolderDialog, RenameDocumentDialog, useDeleteDocument } from './DocumentActionDialogs.js';
import { MoveToPropertyDialog } from './MoveToPropertyDialog.js';
import { useListVaultDocumentsQuery } from '../../app/generated/vault-api.js';
import { DropGuard } from '../../app/documents/drop-guard.js';
import { UploadQueuePanel } from '../../app/documents/UploadQueuePanel.js';
import { useUploadQueue } from '../../app/documents/upload-queue.js';
import { useDocumentStatusStream } from '../../app/documents/useDocumentStatusStream.js';
import { SelectedLocationGate } from '../../app/pm-shell/SelectedLocationGate.js';
import { useLoadErrorToast } from '../../lib/feedback/useLoadErrorToast.js';
import { useDebouncedValue } from '../../lib/hooks/useDebouncedValue.js';
import { useQueryFlag } from '../../lib/http/useQueryFlag.js';
import { VAULT_FILE_ACCEPT } from '../../app/documents/accepted-files.js';
import { errorMessage } from '../../lib/http/error-message.js';
import { useDocumentCategoryOptions } from './useDocumentCategoryOptions.js';
import { folderActionTexts, vaultTexts } from './vault-texts.js';

/** /property-manager/operations-hub/vault and …/vault/folder/{folderId}: the selected location's vault. */
export function VaultPage() {
  return <SelectedLocationGate title="Vault">{(locationId) => <VaultBrowser key={locationId} locationId={locationId} />}</SelectedLocationGate>;
}

/** Documents shown per folder or search (the contract's page; the next pages are not offered yet). */
const VAULT_PAGE_SIZE = 100;
function VaultBrowser({ locationId }: { locationId: string }) {
  const { folderId } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), 300);
  const [order, setOrder] = useState<DocumentOrder>({ sort: 'created_at', order: 'desc' });
  const live = useDocumentStatusStream();
  const uploads = useUploadQueue();

  // The folder's own listing (its subfolders and documents); a search looks through the whole location instead.
  const page = { sort: order.sort, order: order.order, limit: VAULT_PAGE_SIZE };
  const inFolder = useGetFolderContentsQuery({ id: folderId ?? '', ...page }, { skip: !folderId });
  const atTopLevel = useGetRootFolderContentsQuery({ property_location_id: locationId, ...page }, { skip: !!folderId });
  const folders = folderId ? inFolder : atTopLevel;
  const found = useListVaultDocumentsQuery(
    { property_location_id: locationId, ...(folderId ? { folder_id: folderId } : {}), search: term, sort: order.sort, order: order.order, limit: VAULT_PAGE_SIZE },
    { skip: !term },
  );
  const documents = term ? { items: found.data?.items, isFetching: found.isFetching, isError: found.isError } : { items: folders.data?.documents.items, isFetching: folders.isFetching, isError: folders.isError };
  // Folders a document can be moved to: the location's top-level ones and those inside the folder shown. Only the
  // top level's folders are read here (every one comes in the answer); one document is the least a page can ask.
  const rootFolders = useGetRootFolderContentsQuery({ property_location_id: locationId, sort: 'name', order: 'asc', limit: 1 }, { skip: !folderId });
  const moveTargets = useMemo(() => {
    const all = [...(rootFolders.data?.folders ?? []), ...(folders.data?.folders ?? [])];
    return all.filter((folder, index) => all.findIndex((other) => other.id === folder.id) === index);
  }, [rootFolders.data, folders.data]);
  const [dialog, setDialog] = useState<{ kind: 'rename' | 'category' | 'folder' | 'property' | 'tags'; document: DocumentView } | null>(null);
  const [movingFolder, setMovingFolder] = useState<FolderView | null>(null);
  const confirmDeleteFolder = useDeleteFolder();
  // The path down to the folder shown, for the breadcrumb; without it the folder's own name stands alone.
  const hierarchy = useGetFolderHierarchyQuery({ id: folderId ?? '' }, { skip: !folderId });
  useLoadErrorToast(hierarchy.isError, vaultTexts.hierarchyFailed);
  const closeDialog = useCallback(() => setDialog(null), []);
  // Rows being deleted show Deleting until the list is read again without them.
  const [deleting, setDeleting] = useState<ReadonlySet<string>>(() => new Set());
  const confirmDelete = useDeleteDocument({
    onDeleting: (id) => setDeleting((ids) => new Set(ids).add(id)),
    onSettled: (id) =>
      setDeleting((ids) => {
        const rest = new Set(ids);
        rest.delete(id);
        return rest;
      }),
  });
  const shownLive = useMemo(() => {
    if (deleting.size === 0) return live;
    const merged = new Map(live);
    for (const id of deleting) if (!merged.has(id) || merged.get(id)!.status !== 'DELETED') merged.set(id, { status: 'DELETING', progress: 0 });
    return merged;
  }, [live, deleting]);
  const rowActions: DocumentRowAction[] = [
    { key: 'rename', label: 'Rename', onSelect: (document) => setDialog({ kind: 'rename', document }) },
    { key: 'category', label: 'Change category', onSelect: (document) => setDialog({ kind: 'category', document }) },
    { key: 'tags', label: 'Tags', onSelect: (document) => setDialog({ kind: 'tags', document }) },
    { key: 'move-folder', label: 'Move to folder', onSelect: (document) => setDialog({ kind: 'folder', document }) },
    { key: 'move-property', label: 'Move to another property', onSelect: (document) => setDialog({ kind: 'property', document }) },
    { key: 'delete', label: 'Delete', danger: true, onSelect: confirmDelete },
  ];
  const pending = useListVaultDocumentsQuery({ pending_location: true, sort: 'created_at', order: 'desc', limit: 20 });
  // Spec 001 §8: the folder's listing, the top level's, or a search through the vault.
  useLoadErrorToast(folders.isError, folderId ? vaultTexts.folderContentsFailed : vaultTexts.rootContentsFailed);
  useLoadErrorToast(Boolean(term) && found.isError, vaultTexts.documentsFailed);

  // The onboarding checklist's lease step links here with openDocumentUpload=true&defaultCategoryId=2 (spec 001 §2).
  const defaultCategory = Number(params.get('defaultCategoryId')) || null;
  const [openedByLink, clearOpenFlag] = useQueryFlag('openDocumentUpload');
  const [uploadOpenedHere, setUploadOpen] = useState(false);
  const uploadOpen = uploadOpenedHere || openedByLink;
  const [categoryId, setCategoryId] = useState<number | null>(defaultCategory);
  const categoryOptions = useDocumentCategoryOptions({ skip: !uploadOpen });
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const closeUpload = () => {
    setUploadOpen(false);
    if (openedByLink) clearOpenFlag();
  };
  const target = useMemo(() => ({ locationIds: [locationId], folderId: folderId ?? null, categoryId }), [locationId, folderId, categoryId]);
  const addFiles = useCallback(
    (files: readonly File[]) => {
      if (files.length === 0) return;
      uploads.enqueue(files, target);
      closeUpload();
    },
    // closeUpload only touches the URL once; the queue and target are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [uploads.enqueue, target],
  );

  const dropGuard = useRef(new DropGuard());
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    if (dropGuard.current.accept(files, Date.now())) addFiles(files);
  };
  useEffect(() => {
    if (defaultCategory === LEASE_CATEGORY_ID) notification.info({ title: 'Upload the lease: it is filed under Lease.' });
  }, [defaultCategory, notification]);

  const openDocument = useCallback((id: string) => void navigate(managerDocumentPath(id)), [navigate]);

  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      aria-label="Vault"
      style={{ outline: dragging ? '2px dashed #1677ff' : undefined, minHeight: 400 }}
    >
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Flex vertical gap={4}>
          <PageTitle>{folderId ? (folders.data?.folder?.name ?? 'Folder') : 'My Vault'}</PageTitle>
          <Breadcrumb
          items={[
            { title: folderId ? <Link to={vaultPath}>My Vault</Link> : 'My Vault' },
            ...(folderId ? folderTrail(hierarchy.data?.hierarchy, folderId, folders.data?.folder?.name) : []),
          ]}
          />
        </Flex>
        <Space wrap>
          <Input.Search allowClear placeholder="Search documents" aria-label="Search documents" value={search} onChange={(event) => setSearch(event.target.value)} style={{ width: 260 }} maxLength={200} />
          {/* System folders are read-only: they hold no new subfolders (spec 001 §2). */}
          {!folders.data?.folder?.is_system_folder && <CreateFolderButton locationId={locationId} parentFolderId={folderId ?? null} />}
          <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploadOpen(true)}>
            Upload Documents
          </Button>
        </Space>
      </Flex>
      <UploadQueuePanel queue={uploads} />
      {(pending.data?.items.length ?? 0) > 0 && (
        <Card size="small" title="Pending Location Assignment" style={{ marginBottom: 16 }}>
          <DocumentsTable label="Pending Location Assignment" documents={pending.data!.items} loading={pending.isFetching} live={live} onOpen={openDocument} />
        </Card>
      )}
      {!term && (folders.data?.folders.length ?? 0) > 0 && (
        <ul aria-label="Folders" style={{ listStyle: 'none', padding: 0, margin: '0 0 16px', display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          {folders.data!.folders.map((folder) => (
            <li key={folder.id}>
              <Card size="small">
                <Link to={vaultFolderPath(folder.id)}>
                  {/* Decorative: the link is named by the folder ("Leases (2)"), not "folder Leases (2)". */}
                  <FolderOutlined aria-hidden /> {folder.name} ({folder.total_document_count})
                </Link>
                {/* System folders (E-mail attachments) are read-only: no delete, no subfolders, no move. */}
                {folder.is_system_folder ? (
                  <Tag icon={<LockOutlined />} style={{ marginLeft: 8 }}>
                    Read-only
                  </Tag>
                ) : (
                  <Dropdown
                    trigger={['click']}
                    menu={{
                      items: [
                        { key: 'move-property', label: 'Move to another property' },
                        { key: 'delete', label: 'Delete', danger: true },
                      ],
                      onClick: ({ key }) => (key === 'delete' ? confirmDeleteFolder(folder) : setMovingFolder(folder)),
                    }}
                  >
                    <Button type="text" size="small" icon={<MoreOutlined />} aria-label={folderActionTexts.actions(folder.name)} style={{ marginLeft: 4 }} />
                  </Dropdown>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
      <DocumentsTable
        label="Vault documents"
        documents={documents.items ?? []}
        loading={documents.isFetching}
        live={shownLive}
        order={order}
        onOrderChange={setOrder}
        onOpen={openDocument}
        rowActions={rowActions}
      />
      {dialog?.kind === 'rename' && <RenameDocumentDialog document={dialog.document} onClose={closeDialog} />}
      {dialog?.kind === 'category' && <ChangeCategoryDialog document={dialog.document} onClose={closeDialog} />}
      {dialog?.kind === 'tags' && <DocumentTagsDialog document={dialog.document} locationId={locationId} onClose={closeDialog} />}
      {dialog?.kind === 'folder' && <MoveToFolderDialog document={dialog.document} folders={moveTargets} onClose={closeDialog} />}
      {dialog?.kind === 'property' && <MoveToPropertyDialog item={{ documentId: dialog.document.id }} sourceLocationId={locationId} onClose={closeDialog} />}
      {movingFolder && <MoveToPropertyDialog item={{ folderId: movingFolder.id }} sourceLocationId={locationId} onClose={() => setMovingFolder(null)} />}
      {documents.items?.length === 0 && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
          {term ? 'No documents match your search.' : 'No documents here yet. Drop files on this page or use Upload Documents.'}
        </Typography.Paragraph>
      )}
      <Modal title="Upload Documents" open={uploadOpen} onCancel={closeUpload} footer={null} destroyOnHidden>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Select
            allowClear
            placeholder="Category (optional: the AI files it otherwise)"
            aria-label="Category"
            value={categoryId}
            onChange={(value) => setCategoryId(value ?? null)}
            options={categoryOptions}
            style={{ width: '100%' }}
          />
          <Typography.Text type="secondary">PDF, Word, XML or images. Drop files anywhere on the vault, or choose them:</Typography.Text>
          <Space>
            <Button icon={<UploadOutlined />} onClick={() => fileInput.current?.click()}>
              Choose Files
            </Button>
            <Button icon={<FolderOpenOutlined />} onClick={() => folderInput.current?.click()}>
              Upload Folder
            </Button>
          </Space>
        </Space>
      </Modal>
      <input
        ref={fileInput}
        type="file"
        multiple
        accept={VAULT_FILE_ACCEPT}
        hidden
        aria-label="Files to upload"
        onChange={(event) => {
          addFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      <input
        ref={(input) => {
          folderInput.current = input;
          // A directory picker (folder upload): not in React's typed attributes.
          input?.setAttribute('webkitdirectory', '');
        }}
        type="file"
        multiple
        hidden
        aria-label="Folder to upload"
        onChange={(event) => {
          addFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
    </div>
  );
}

/** The breadcrumb after "My Vault": the folders above the one shown (links), then its name. */
function folderTrail(hierarchy: readonly FolderView[] | undefined, folderId: string, name: string | undefined) {
  const above = (hierarchy ?? []).filter((folder) => folder.id !== folderId);
  return [...above.map((folder) => ({ title: <Link to={vaultFolderPath(folder.id)}>{folder.name}</Link> })), { title: name ?? hierarchy?.at(-1)?.name ?? 'Folder' }];
}

/** Delete a folder, after a confirmation; the server refuses one that still holds something, and the toast says why. */
function useDeleteFolder() {
  const { notification, modal } = App.useApp();
  const [remove] = useDeleteFolderMutation();
  return (folder: FolderView) =>
    void modal.confirm({
      title: folderActionTexts.deleteTitle,
      content: folderActionTexts.deleteBody(folder.name),
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const answer = await remove({ id: folder.id }).unwrap();
          notification.success({ title: answer.message });
        } catch (failure) {
          notification.error({ title: vaultTexts.deleteFolderFailed, description: errorMessage(failure, '') || undefined });
        }
      },
    });
}
