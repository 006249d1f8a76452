import { CloseOutlined } from '@ant-design/icons';
import { Alert, Button, Card, List, Progress, Typography } from 'antd';
import type { UploadQueue } from './upload-queue.js';

/** The visible queue: the current upload with its bar and message, the first 3 waiting files, and finished ones. */
export function UploadQueuePanel({ queue }: { queue: UploadQueue }) {
  const { current, shown, finished, cancel } = queue;
  if (!current && shown.length === 0 && finished.length === 0) return null;
  const waitingMore = queue.queue.length - shown.length;
  return (
    <Card size="small" title="Uploads" aria-label="Upload queue" style={{ marginBottom: 16 }}>
      {current && (
        <div aria-label={`Uploading ${current.file.name}`}>
          <Typography.Text strong>{current.file.name}</Typography.Text>
          <Button size="small" type="text" aria-label={`Cancel upload of ${current.file.name}`} icon={<CloseOutlined />} onClick={() => cancel(current.key)} />
          <Progress percent={current.progress?.percent ?? 0} status="active" aria-label={`Upload progress of ${current.file.name}`} />
          {current.progress?.message && <Typography.Text type="secondary">{current.progress.message}</Typography.Text>}
        </div>
      )}
      {shown.length > 0 && (
        <List
          size="small"
          header={<Typography.Text type="secondary">Waiting</Typography.Text>}
          dataSource={shown}
          renderItem={(upload) => (
            <List.Item actions={[<Button key="cancel" size="small" type="text" aria-label={`Remove ${upload.file.name} from the queue`} icon={<CloseOutlined />} onClick={() => cancel(upload.key)} />]}>
              {upload.file.name}
            </List.Item>
          )}
          footer={waitingMore > 0 ? <Typography.Text type="secondary">and {waitingMore} more</Typography.Text> : undefined}
        />
      )}
      {finished
        .filter((upload) => upload.error !== null)
        .map((upload) => (
          <Alert key={upload.key} type="error" showIcon title={`${upload.name}: ${upload.error}`} style={{ marginTop: 8 }} />
        ))}
    </Card>
  );
}
