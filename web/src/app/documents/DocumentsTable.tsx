import type { DocumentView } from '@pm/contracts';
import { Dropdown, Progress, Table, Tag } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useEffect, useMemo, useState } from 'react';
import { canOpen, formatSize, showsProgressBar, statusColor, statusLabel, withLiveStatus, type LiveDocumentStatus } from './document-status.js';
import { singleClickOpener } from './single-click.js';

export type DocumentSort = 'created_at' | 'name' | 'size' | 'status' | 'category';
export interface DocumentOrder {
  sort: DocumentSort;
  order: 'asc' | 'desc';
}

export interface DocumentRowAction {
  key: string;
  label: string;
  danger?: boolean;
  onSelect: (document: DocumentView) => void;
}

/**
 * A list of documents as the vault and the Documents tabs show it: name, category, status (with its bar while
 * processing or deleting), size and date, sorted by the server. Rows that cannot be opened yet (§4) do nothing on
 * click; others open 200 ms after a single click, and from the context menu.
 */
export function DocumentsTable({
  documents,
  loading,
  live,
  order,
  onOrderChange,
  onOpen,
  rowActions = [],
  label,
}: {
  documents: readonly DocumentView[];
  loading: boolean;
  live: ReadonlyMap<string, LiveDocumentStatus>;
  order?: DocumentOrder;
  onOrderChange?: (order: DocumentOrder) => void;
  onOpen: (id: string) => void;
  /** The screen's own actions in a row's context menu after Open (the vault's rename, delete, moves, tags). */
  rowActions?: readonly DocumentRowAction[];
  label: string;
}) {
  const opener = useMemo(() => singleClickOpener(onOpen), [onOpen]);
  const rows = documents.map((document) => withLiveStatus(document, live));
  const now = useNow();
  const sortOrder = (key: DocumentSort) => (order?.sort === key ? (order.order === 'asc' ? 'ascend' : 'descend') : null);
  return (
    <Table<DocumentView>
      aria-label={label}
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={rows}
      pagination={false}
      onChange={(_pagination, _filters, sorter) => {
        const { columnKey, order: direction } = sorter as SorterResult<DocumentView>;
        if (!onOrderChange) return;
        onOrderChange(direction ? { sort: columnKey as DocumentSort, order: direction === 'ascend' ? 'asc' : 'desc' } : { sort: 'created_at', order: 'desc' });
      }}
      onRow={(document) => ({
        onClick: () => {
          if (canOpen(document.status)) opener.click(document.id);
        },
        onDoubleClick: () => opener.cancel(),
        style: { cursor: canOpen(document.status) ? 'pointer' : 'default' },
      })}
      columns={[
        {
          key: 'name',
          title: 'Name',
          sorter: Boolean(onOrderChange),
          sortOrder: sortOrder('name'),
          render: (_value, document) => (
            <Dropdown
              trigger={['contextMenu']}
              menu={{
                // The menu is a portal, but React still bubbles its clicks to the row, whose click would open the
                // document 200 ms later and leave the vault under the dialog the action just opened.
                onClick: ({ domEvent }) => domEvent.stopPropagation(),
                items: [
                  { key: 'open', label: 'Open', disabled: !canOpen(document.status), onClick: () => onOpen(document.id) },
                  // A document being deleted takes no other change.
                  ...rowActions.map((action) => ({
                    key: action.key,
                    label: action.label,
                    danger: action.danger,
                    disabled: ['DELETING', 'DELETED'].includes(document.status),
                    onClick: () => action.onSelect(document),
                  })),
                ],
              }}
            >
              <span>{document.original_name}</span>
            </Dropdown>
          ),
        },
        { key: 'category', title: 'Category', sorter: Boolean(onOrderChange), sortOrder: sortOrder('category'), render: (_value, document) => document.category?.name ?? '—' },
        {
          key: 'status',
          title: 'Status',
          sorter: Boolean(onOrderChange),
          sortOrder: sortOrder('status'),
          render: (_value, document) => (
            <>
              <Tag color={statusColor(document.status)}>{statusLabel(document.status)}</Tag>
              {showsProgressBar(document, now) && <Progress size="small" percent={document.progress} aria-label={`Progress of ${document.original_name}`} />}
            </>
          ),
        },
        { key: 'size', title: 'Size', sorter: Boolean(onOrderChange), sortOrder: sortOrder('size'), render: (_value, document) => formatSize(document.size) },
        {
          key: 'created_at',
          title: 'Date',
          sorter: Boolean(onOrderChange),
          sortOrder: sortOrder('created_at'),
          render: (_value, document) => new Date(document.created_at).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }),
        },
      ]}
    />
  );
}

/** The time, refreshed each minute: a PROCESSING bar disappears once the document is 15 minutes old. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
