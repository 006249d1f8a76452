import { App, Form, Modal, Select, type UploadFile } from 'antd';
import { useState } from 'react';
import { SendEmail } from '@pm/contracts';
import { contractRules } from '../../../lib/forms/contract-rules.js';
import { useGuardedSubmit } from '../../../lib/forms/useGuardedSubmit.js';
import { errorMessage } from '../../../lib/http/error-message.js';
import { useListPartnersQuery } from '../../generated/portfolio-api.js';
import { useSendEmailMutation } from '../../generated/messaging-api.js';
import { filesOf } from './AttachmentsField.js';
import { LetterFields } from './LetterFields.js';
import { bulkMessages, uniqueEmails } from './bulk-messages.js';

interface EmailValues {
  recipients: string[];
  subject: string;
  body: string;
  attachments?: UploadFile[];
}

export interface SendEmailDialogProps {
  locationId: string;
  open: boolean;
  /** Addresses offered to pick from (the location's contacts), each with who it is. */
  suggestions: readonly { email: string; name: string }[];
  /** Recipients already chosen when the dialog opens (a contact's own addresses). */
  initialRecipients?: readonly string[];
  onClose(): void;
}

/**
 * Send E-mail from the contacts page (spec 001 §2, §5, §7, §8): recipients picked or typed, de-duplicated by address
 * whatever the letter case, subject, message and attachments; one e-mail each from the location's address.
 */
export function SendEmailDialog(props: SendEmailDialogProps) {
  return (
    <Modal open={props.open} title="Send E-mail" onCancel={props.onClose} footer={null} destroyOnHidden width={640}>
      {props.open ? <SendEmailForm {...props} /> : null}
    </Modal>
  );
}

/** A recipient's issue (its path starts with the recipient's index) names the address: "Invalid email address: ann@". */
function namingTheRecipient(issue: { message: string; path: PropertyKey[] }, recipients: unknown): string {
  const index = issue.path[0];
  return typeof index === 'number' && Array.isArray(recipients) ? `${issue.message}: ${String(recipients[index])}` : issue.message;
}

function SendEmailForm({ locationId, suggestions, initialRecipients = [], onClose }: SendEmailDialogProps) {
  const [form] = Form.useForm<EmailValues>();
  const { notification } = App.useApp();
  const [sendEmail, { isLoading }] = useSendEmailMutation();
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = useGuardedSubmit(async (values: EmailValues) => {
    setServerError(null);
    try {
      await sendEmail({ locationId, recipients: uniqueEmails(values.recipients), subject: values.subject, body: values.body, files: filesOf(values.attachments) }).unwrap();
      notification.success({ title: bulkMessages.emailSent });
      onClose();
    } catch (error) {
      notification.error({ title: bulkMessages.emailFailed });
      setServerError(errorMessage(error, bulkMessages.emailFailed));
    }
  });

  // The location's partners (vendors included) are offered too: with its tenants, they are whom messaging writes to.
  const partners = useListPartnersQuery({ location_id: locationId });
  const known = [...suggestions, ...(partners.data ?? []).map((partner) => ({ email: partner.manager.limitedUser.email, name: partner.manager.limitedUser.full_name }))];
  const options = uniqueEmails(known.map((s) => s.email)).map((email) => ({
    value: email,
    label: `${known.find((s) => s.email.toLowerCase() === email.toLowerCase())!.name} <${email}>`,
  }));

  return (
    <Form<EmailValues>
      form={form}
      layout="vertical"
      initialValues={{ recipients: uniqueEmails(initialRecipients), subject: '', body: '', attachments: [] }}
      onFinish={submit}
      disabled={isLoading}
    >
      <Form.Item
        label="Recipients"
        name="recipients"
        // Spec 001 §5: the same address twice (in any letter case) is one recipient.
        normalize={(value: string[] | undefined) => uniqueEmails(value ?? [])}
        // The contract's rules (at least one, at most 500, each an e-mail address); an address refused is named.
        rules={contractRules(SendEmail.request.shape.recipients, { message: namingTheRecipient })}
      >
        <Select mode="tags" tokenSeparators={[',', ';', ' ']} options={options} placeholder="Type or pick e-mail addresses" aria-label="Recipients" />
      </Form.Item>
      <LetterFields serverError={serverError} sending={isLoading} onCancel={onClose} />
    </Form>
  );
}
