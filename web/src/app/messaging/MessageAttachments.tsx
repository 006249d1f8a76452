import { PaperClipOutlined } from '@ant-design/icons';
import type { ThreadMessage } from '@pm/contracts';
import { App, Button, Flex } from 'antd';
import { useAppSelector } from '../useAppSelector.js';
import { saveDownload } from '../../lib/http/save-download.js';

type Attachment = ThreadMessage['attachments'][number];

/** "1.5 MB": spec 001 §9, units of 1024. */
function fileSize(bytes: number): string {
  const units = ['Bytes', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

/**
 * The files an e-mail brought (spec 001 §3 E-mail draft `documents`): each named with its size, downloaded through the
 * BFF with the session's bearer token (fetched, not linked, so the token never sits in a URL or the history).
 */
export function MessageAttachments({ messageId, attachments }: { messageId: string; attachments: readonly Attachment[] }) {
  const token = useAppSelector((state) => state.session.accessToken);
  const { notification } = App.useApp();
  if (attachments.length === 0) return null;

  const download = async (attachment: Attachment) => {
    try {
      await saveDownload(`message/${encodeURIComponent(messageId)}/attachment/${encodeURIComponent(attachment.id)}`, attachment.file_name, token);
    } catch {
      notification.error({ title: `Failed to download ${attachment.file_name}.` });
    }
  };

  return (
    <Flex wrap gap="small" role="list" aria-label="Attachments">
      {attachments.map((attachment) => (
        <span role="listitem" key={attachment.id}>
          <Button size="small" icon={<PaperClipOutlined />} onClick={() => void download(attachment)}>
            {attachment.file_name} ({fileSize(attachment.size)})
          </Button>
        </span>
      ))}
    </Flex>
  );
}
