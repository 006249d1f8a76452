import { limits } from '@pm/contracts';
import { Alert, App, Button, Form, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useBuildingContext } from '../../app/pm-shell/useBuildingContext.js';
import { BuildingEmailSettingsCard } from './BuildingEmailSettingsCard.js';
import { DIALOG_REPEAT_WINDOW_MS, ignoreRepeatsWithin } from '../../lib/forms/repeat-guard.js';
import { errorMessage } from '../../lib/http/error-message.js';
import { messagingApi, useGetBuildingSignatureQuery, useUpdateBuildingSignatureMutation } from '../../app/generated/messaging-api.js';
import { useAppDispatch } from '../../app/useAppDispatch.js';
import { emailTemplateTexts } from './email-template-texts.js';

/** buildings/{id}/signature: the signature under the e-mails this building's tenants get. */
export function BuildingSignaturePage() {
  const { building } = useBuildingContext();
  const signature = useGetBuildingSignatureQuery({ id: building.id });
  return (
    <BuildingEmailSettingsCard title="E-mail signature" help={emailTemplateTexts.signatureHelp} query={signature} failedText={emailTemplateTexts.signatureFailed}>
      {(editable) => (signature.data ? <SignatureForm buildingId={building.id} signature={signature.data.signature} editable={editable} /> : null)}
    </BuildingEmailSettingsCard>
  );
}

function SignatureForm({ buildingId, signature, editable }: { buildingId: string; signature: string; editable: boolean }) {
  const [form] = Form.useForm<{ signature: string }>();
  const { notification } = App.useApp();
  const [update, { isLoading }] = useUpdateBuildingSignatureMutation();
  const dispatch = useAppDispatch();
  const [serverError, setServerError] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);

  const save = useMemo(
    () =>
      ignoreRepeatsWithin(DIALOG_REPEAT_WINDOW_MS, (values: { signature?: string }) => {
        void (async () => {
          setServerError(null);
          // An empty signature is sent as "" (the call clears it then).
          const result = await update({ id: buildingId, signature: values.signature ?? '' });
          if ('error' in result) {
            notification.error({ title: emailTemplateTexts.signatureSaveFailed });
            setServerError(errorMessage(result.error, emailTemplateTexts.signatureSaveFailed));
            return;
          }
          dispatch(messagingApi.util.upsertQueryData('getBuildingSignature', { id: buildingId }, result.data));
          notification.success({ title: emailTemplateTexts.signatureSaved });
          setChanged(false);
        })();
      }),
    [buildingId, dispatch, notification, update],
  );

  return (
    <Form form={form} layout="vertical" initialValues={{ signature }} onValuesChange={() => setChanged(true)} onFinish={save} disabled={!editable || isLoading}>
      <Form.Item label="Signature" name="signature">
        <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} maxLength={limits.signature} showCount />
      </Form.Item>
      {serverError ? <Alert type="error" showIcon title={serverError} style={{ marginBottom: 16 }} /> : null}
      {editable ? (
        <Button type="primary" htmlType="submit" loading={isLoading} disabled={!changed}>
          Save
        </Button>
      ) : null}
    </Form>
  );
}
