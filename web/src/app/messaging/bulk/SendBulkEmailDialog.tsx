import { App, Button, Checkbox, Flex, Form, Modal, Spin, Typography, type UploadFile } from 'antd';
import { useState } from 'react';
import { useLoadErrorToast } from '../../../lib/feedback/useLoadErrorToast.js';
import { useGuardedSubmit } from '../../../lib/forms/useGuardedSubmit.js';
import { errorMessage } from '../../../lib/http/error-message.js';
import { useListBuildingContactsQuery } from '../../generated/portfolio-api.js';
import { useSendBulkEmailMutation } from '../../generated/messaging-api.js';
import { filesOf } from './AttachmentsField.js';
import { LetterFields } from './LetterFields.js';
import { bulkMessages, uniqueEmails } from './bulk-messages.js';
import { SendBulkEmail } from '@pm/contracts';
import { contractRules } from '../../../lib/forms/contract-rules.js';

interface BulkEmailValues {
  recipients: string[];
  subject: string;
  body: string;
  attachments?: UploadFile[];
}

export interface SendBulkEmailDialogProps {
  buildingId: string;
  open: boolean;
  onClose(): void;
}

/**
 * Send Bulk E-mail (spec 001 §2, §5, §7, §8): the building's tenants with an e-mail address to pick from, subject,
 * message and attachments; more than one recipient asks for a confirmation that lists them all. One e-mail per
 * recipient goes out from the location's address (Sent E-mails shows each).
 */
export function SendBulkEmailDialog({ buildingId, open, onClose }: SendBulkEmailDialogProps) {
  return (
    <Modal open={open} title="Send Bulk E-mail" onCancel={onClose} footer={null} destroyOnHidden width={640}>
      {open ? <BulkEmail buildingId={buildingId} onClose={onClose} /> : null}
    </Modal>
  );
}

function BulkEmail({ buildingId, onClose }: { buildingId: string; onClose: () => void }) {
  const contacts = useListBuildingContactsQuery({ id: buildingId }, { refetchOnMountOrArgChange: true });
  const [form] = Form.useForm<BulkEmailValues>();
  const { notification } = App.useApp();
  const [sendBulkEmail, { isLoading }] = useSendBulkEmailMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<BulkEmailValues | null>(null);
  useLoadErrorToast(contacts.isError, bulkMessages.contactsLoadFailed);

  // One choice per address: two tenants sharing an address get one e-mail.
  const choices = new Map<string, string>();
  for (const contact of contacts.data ?? []) {
    if (!contact.email) continue;
    const key = contact.email.toLowerCase();
    choices.set(key, choices.has(key) ? `${choices.get(key)!}, ${contact.tenantName}` : `${contact.tenantName} · ${contact.unitName}`);
  }
  const labelOf = (email: string) => `${choices.get(email) ?? email} <${email}>`;

  const send = async (values: BulkEmailValues) => {
    setServerError(null);
    try {
      await sendBulkEmail({ id: buildingId, recipients: values.recipients, subject: values.subject, body: values.body, files: filesOf(values.attachments) }).unwrap();
      notification.success({ title: bulkMessages.bulkEmailSent });
      onClose();
    } catch (error) {
      setConfirming(null);
      notification.error({ title: bulkMessages.bulkEmailFailed });
      setServerError(errorMessage(error, bulkMessages.bulkEmailFailed));
    }
  };
  const submit = useGuardedSubmit(async (values: BulkEmailValues) => {
    const recipients = uniqueEmails(values.recipients);
    // Spec 001 §5: more than one recipient asks for a confirmation listing them all.
    if (recipients.length > 1) setConfirming({ ...values, recipients });
    else await send({ ...values, recipients });
  });
  const confirm = useGuardedSubmit(async () => {
    if (confirming) await send(confirming);
  });

  if (contacts.isLoading) return <Spin description="Loading…" />;
  if (confirming) {
    return (
      <>
        <Typography.Paragraph>{`Send this e-mail to ${confirming.recipients.length} recipients?`}</Typography.Paragraph>
        <ul aria-label="Recipients">
          {confirming.recipients.map((email) => (
            <li key={email}>{labelOf(email)}</li>
          ))}
        </ul>
        <Flex justify="end" gap="small">
          <Button onClick={() => setConfirming(null)} disabled={isLoading}>
            Back
          </Button>
          <Button type="primary" loading={isLoading} onClick={() => confirm()}>
            Confirm
          </Button>
        </Flex>
      </>
    );
  }

  return (
    <Form<BulkEmailValues> form={form} layout="vertical" initialValues={{ recipients: [], subject: '', body: '', attachments: [] }} onFinish={submit} disabled={isLoading}>
      <Form.Item
        label="Recipients"
        name="recipients"
        rules={contractRules(SendBulkEmail.request.shape.recipients)}
        extra={contacts.isSuccess && choices.size === 0 ? 'No tenant of this building has an e-mail address.' : undefined}
      >
        <Checkbox.Group style={{ display: 'flex', flexDirection: 'column', gap: 8, maxHeight: 240, overflowY: 'auto' }}>
          {[...choices.keys()].map((email) => (
            <Checkbox key={email} value={email}>
              {labelOf(email)}
            </Checkbox>
          ))}
        </Checkbox.Group>
      </Form.Item>
      <LetterFields serverError={serverError} sending={isLoading} onCancel={onClose} />
    </Form>
  );
}
