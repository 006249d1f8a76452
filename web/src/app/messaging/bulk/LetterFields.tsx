import { Alert, Button, Flex, Form, Input } from 'antd';
import { bulkLimits, outboundLimits, SendEmail } from '@pm/contracts';
import { AttachmentsPicker, attachmentRules, fileListOf } from './AttachmentsField.js';
import { contractRules } from '../../../lib/forms/contract-rules.js';

export interface LetterFieldsProps {
  serverError: string | null;
  sending: boolean;
  onCancel: () => void;
}

/** What every e-mail dialog ends with, below its recipients: subject, message, attachments, the server's error, Send. */
export function LetterFields({ serverError, sending, onCancel }: LetterFieldsProps) {
  return (
    <>
      <Form.Item label="Subject" name="subject" rules={contractRules(SendEmail.request.shape.subject)}>
        <Input maxLength={outboundLimits.subject} />
      </Form.Item>
      <Form.Item label="Message" name="body" rules={contractRules(SendEmail.request.shape.body)}>
        <Input.TextArea rows={8} maxLength={outboundLimits.emailBody} />
      </Form.Item>
      <Form.Item label="Attachments" name="attachments" valuePropName="value" getValueFromEvent={fileListOf} rules={attachmentRules()} extra={`Up to ${bulkLimits.attachments} files, ${bulkLimits.attachmentBytes / (1024 * 1024)} MB each.`}>
        <AttachmentsPicker />
      </Form.Item>
      {serverError ? <Alert type="error" showIcon role="alert" title={serverError} style={{ marginBottom: 16 }} /> : null}
      <Flex justify="end" gap="small">
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={sending}>
          Send
        </Button>
      </Flex>
    </>
  );
}
