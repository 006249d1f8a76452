import { limits, UpdateBuildingEmailTemplate, type EmailTemplate } from '@pm/contracts';
import { Alert, App, Button, Card, Form, Input, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useBuildingContext } from '../../app/pm-shell/useBuildingContext.js';
import { BuildingEmailSettingsCard } from './BuildingEmailSettingsCard.js';
import { DIALOG_REPEAT_WINDOW_MS, ignoreRepeatsWithin } from '../../lib/forms/repeat-guard.js';
import { errorMessage } from '../../lib/http/error-message.js';
import { messagingApi, useListBuildingEmailTemplatesQuery, useUpdateBuildingEmailTemplateMutation } from '../../app/generated/messaging-api.js';
import { useAppDispatch } from '../../app/useAppDispatch.js';
import { emailTemplateTexts, isDefaultTemplate } from './email-template-texts.js';
import { contractRules } from '../../lib/forms/contract-rules.js';

/** buildings/{id}/email-templates: the e-mails the product sends this building's tenants, as the building words them. */
export function BuildingEmailTemplatesPage() {
  const { building } = useBuildingContext();
  const templates = useListBuildingEmailTemplatesQuery({ id: building.id });
  return (
    <BuildingEmailSettingsCard title="E-mail templates" help={emailTemplateTexts.placeholders} query={templates} failedText={emailTemplateTexts.templatesFailed}>
      {(editable) => templates.data?.map((template) => <TemplateForm key={template.slug} buildingId={building.id} template={template} editable={editable} />)}
    </BuildingEmailSettingsCard>
  );
}

type TemplateValues = Pick<EmailTemplate, 'subject' | 'body'>;

function TemplateForm({ buildingId, template, editable }: { buildingId: string; template: EmailTemplate; editable: boolean }) {
  const [form] = Form.useForm<TemplateValues>();
  const { notification } = App.useApp();
  const [update, { isLoading }] = useUpdateBuildingEmailTemplateMutation();
  const dispatch = useAppDispatch();
  const [serverError, setServerError] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const titleId = `email-template-${template.slug}-title`;

  const save = useMemo(
    () =>
      ignoreRepeatsWithin(DIALOG_REPEAT_WINDOW_MS, (values: TemplateValues) => {
        void (async () => {
          setServerError(null);
          const result = await update({ id: buildingId, slug: template.slug, subject: values.subject, body: values.body });
          if ('error' in result) {
            const text = errorMessage(result.error, emailTemplateTexts.templateSaveFailed);
            notification.error({ title: emailTemplateTexts.templateSaveFailed });
            setServerError(text);
            return;
          }
          // The saved template replaces its row in the cached list (the invite dialog's own call refetches by its tag).
          const saved = result.data;
          dispatch(
            messagingApi.util.updateQueryData('listBuildingEmailTemplates', { id: buildingId }, (templates) =>
              templates.map((cached) => (cached.slug === saved.slug ? saved : cached)),
            ),
          );
          notification.success({ title: emailTemplateTexts.templateSaved });
          setChanged(false);
        })();
      }),
    [buildingId, dispatch, notification, template.slug, update],
  );

  return (
    <Card
      type="inner"
      title={<span id={titleId}>{template.name}</span>}
      extra={<Tag color={isDefaultTemplate(template.id) ? undefined : 'blue'}>{isDefaultTemplate(template.id) ? emailTemplateTexts.productVersion : emailTemplateTexts.ownVersion}</Tag>}
    >
      <Form<TemplateValues>
        form={form}
        // Field ids from the form's name: two templates on one page must not share "subject".
        name={`email-template-${template.slug}`}
        layout="vertical"
        aria-labelledby={titleId}
        initialValues={{ subject: template.subject, body: template.body }}
        onValuesChange={() => setChanged(true)}
        onFinish={save}
        disabled={!editable || isLoading}
      >
        <Form.Item label="Subject" name="subject" rules={contractRules(UpdateBuildingEmailTemplate.request.shape.subject)}>
          <Input maxLength={limits.subject} autoComplete="off" />
        </Form.Item>
        <Form.Item label="Message" name="body" rules={contractRules(UpdateBuildingEmailTemplate.request.shape.body)}>
          <Input.TextArea autoSize={{ minRows: 6, maxRows: 20 }} maxLength={limits.body} />
        </Form.Item>
        {serverError ? <Alert type="error" showIcon title={serverError} style={{ marginBottom: 16 }} /> : null}
        {editable ? (
          <Button type="primary" htmlType="submit" loading={isLoading} disabled={!changed}>
            Save
          </Button>
        ) : null}
      </Form>
    </Card>
  );
}
