import { App, Form, Input, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { DIALOG_REPEAT_WINDOW_MS, ignoreRepeatsWithin } from '../../lib/forms/repeat-guard.js';
import { errorMessage, isPlanLimit } from '../../lib/http/error-message.js';
import { ServerErrorAlert, type ShownServerError } from '../../app/feedback/ServerErrorAlert.js';
import { useCreateUnitMutation } from '../../app/generated/portfolio-api.js';
import { unitMessages } from './unit.js';
import { CreateUnit } from '@pm/contracts';
import { contractRules } from '../../lib/forms/contract-rules.js';

/** Add a New Unit (spec 001 section 5) to the given building: a name, required. */
export function AddUnitDialog({ buildingId, open, onClose }: { buildingId: string; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ name?: string }>();
  const { notification } = App.useApp();
  const [createUnit, { isLoading }] = useCreateUnitMutation();
  const [serverError, setServerError] = useState<ShownServerError | null>(null);

  const submit = useMemo(
    () =>
      ignoreRepeatsWithin(DIALOG_REPEAT_WINDOW_MS, (values: { name?: string }) => {
        void (async () => {
          setServerError(null);
          const result = await createUnit({ name: (values.name ?? '').trim(), building_id: buildingId });
          if ('error' in result) {
            notification.error({ title: unitMessages.createFailed });
            setServerError({ message: errorMessage(result.error, unitMessages.createFailed), planLimit: isPlanLimit(result.error) });
            return;
          }
          notification.success({ title: unitMessages.created });
          onClose();
        })();
      }),
    [createUnit, buildingId, notification, onClose],
  );

  return (
    <Modal
      open={open}
      title="Add a New Unit"
      okText="Create"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={isLoading}
      destroyOnHidden
      afterClose={() => setServerError(null)}
    >
      <Form form={form} layout="vertical" preserve={false} onFinish={submit} disabled={isLoading}>
        <Form.Item label="Unit Name" name="name" rules={contractRules(CreateUnit.request.shape.name)}>
          <Input autoComplete="off" />
        </Form.Item>
        <ServerErrorAlert error={serverError} />
      </Form>
    </Modal>
  );
}
