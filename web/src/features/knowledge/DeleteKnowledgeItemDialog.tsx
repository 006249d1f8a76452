import { Alert, App, Button, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useGuardedSubmit } from '../../lib/forms/useGuardedSubmit.js';
import { errorMessage } from '../../lib/http/error-message.js';

/** Delete Q&A Item / Delete Rule confirmation. */
export function DeleteKnowledgeItemDialog({
  open,
  title,
  text,
  remove,
  success,
  failure,
  onClose,
}: {
  open: boolean;
  title: string;
  text: string;
  remove: () => Promise<unknown>;
  success: string;
  failure: string;
  onClose: () => void;
}) {
  const { notification } = App.useApp();
  const [removing, setRemoving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const close = () => {
    setServerError(null);
    onClose();
  };

  const confirm = useGuardedSubmit(async () => {
    setServerError(null);
    setRemoving(true);
    try {
      await remove();
      notification.success({ title: success });
      close();
    } catch (error) {
      notification.error({ title: failure });
      setServerError(errorMessage(error, failure));
    } finally {
      setRemoving(false);
    }
  });

  return (
    <Modal open={open} title={title} onCancel={close} footer={null} destroyOnHidden>
      <Typography.Paragraph>{text}</Typography.Paragraph>
      {serverError ? <Alert type="error" showIcon title={serverError} role="alert" style={{ marginBottom: 16 }} /> : null}
      <Flex justify="end" gap="small">
        <Button onClick={close}>Cancel</Button>
        <Button type="primary" danger loading={removing} onClick={() => confirm()}>
          Delete
        </Button>
      </Flex>
    </Modal>
  );
}
