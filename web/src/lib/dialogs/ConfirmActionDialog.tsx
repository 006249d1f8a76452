import { Alert, App, Button, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useGuardedSubmit } from '../forms/useGuardedSubmit.js';
import { errorMessage } from '../http/error-message.js';

export interface ConfirmActionDialogProps<T> {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  /** Red confirm button (deleting, removing, archiving); false for actions that undo one (retrieve). */
  danger?: boolean;
  action: () => Promise<T>;
  /** The success toast, or how to word it from the action's result. */
  success: string | ((result: T) => string);
  /** The failure toast; the server's message, when it sends one, also shows in the dialog. */
  failure: string;
  onClose: () => void;
  onDone?: (result: T) => void;
}

/**
 * The one confirmation dialog of the app (delete, archive, remove access, retrieve): a question, Cancel and the
 * action; a second click within 100 ms is ignored (spec 001 section 5); success and failure are toasted, and a failure
 * keeps the dialog open with the server's message.
 */
export function ConfirmActionDialog<T>({ open, title, text, confirmLabel, danger = true, action, success, failure, onClose, onDone }: ConfirmActionDialogProps<T>) {
  const { notification } = App.useApp();
  const [running, setRunning] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const close = () => {
    setServerError(null);
    onClose();
  };

  const confirm = useGuardedSubmit(async () => {
    setServerError(null);
    setRunning(true);
    try {
      const result = await action();
      notification.success({ title: typeof success === 'function' ? success(result) : success });
      close();
      onDone?.(result);
    } catch (error) {
      notification.error({ title: failure });
      setServerError(errorMessage(error, failure));
    } finally {
      setRunning(false);
    }
  });

  return (
    <Modal open={open} title={title} onCancel={close} footer={null} destroyOnHidden>
      <Typography.Paragraph>{text}</Typography.Paragraph>
      {serverError ? <Alert type="error" showIcon title={serverError} role="alert" style={{ marginBottom: 16 }} /> : null}
      <Flex justify="end" gap="small">
        <Button onClick={close}>Cancel</Button>
        <Button type="primary" danger={danger} loading={running} onClick={() => confirm()}>
          {confirmLabel}
        </Button>
      </Flex>
    </Modal>
  );
}
