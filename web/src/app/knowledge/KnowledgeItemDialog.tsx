import { Alert, App, Button, Flex, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useGuardedSubmit } from '../../lib/forms/useGuardedSubmit.js';
import { errorMessage } from '../../lib/http/error-message.js';
import type { ZodType } from 'zod';
import { contractRules } from '../../lib/forms/contract-rules.js';

export interface KnowledgeField {
  name: string;
  label: string;
  /** The contract's schema of the field: its rules (required, length) and messages. */
  schema: ZodType;
}

export interface KnowledgeItemDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  /** The two text fields of a Q&A item (question, answer) or a rule (description, expected output). */
  fields: readonly KnowledgeField[];
  initialValues?: Record<string, string>;
  save: (values: Record<string, string>) => Promise<unknown>;
  success: string;
  failure: string;
  onClose: () => void;
}

/** Add/Edit Q&A Item and Add/Edit Rule: required text fields, trimmed, saved once per 100 ms (spec 001 section 5). */
export function KnowledgeItemDialog(props: KnowledgeItemDialogProps) {
  return (
    <Modal open={props.open} title={props.title} onCancel={props.onClose} footer={null} destroyOnHidden>
      {props.open ? <KnowledgeItemForm {...props} /> : null}
    </Modal>
  );
}

function KnowledgeItemForm({ submitLabel, fields, initialValues, save, success, failure, onClose }: KnowledgeItemDialogProps) {
  const [form] = Form.useForm<Record<string, string>>();
  const { notification } = App.useApp();
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = useGuardedSubmit(async (values: Record<string, string>) => {
    setServerError(null);
    setSaving(true);
    try {
      await save(Object.fromEntries(fields.map((field) => [field.name, (values[field.name] ?? '').trim()])));
      notification.success({ title: success });
      onClose();
    } catch (error) {
      notification.error({ title: failure });
      setServerError(errorMessage(error, failure));
    } finally {
      setSaving(false);
    }
  });

  return (
    <Form form={form} layout="vertical" initialValues={initialValues} onFinish={submit} disabled={saving}>
      {fields.map((field) => (
        <Form.Item key={field.name} label={field.label} name={field.name} rules={contractRules(field.schema)}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />
        </Form.Item>
      ))}
      {serverError ? <Alert type="error" showIcon title={serverError} role="alert" style={{ marginBottom: 16 }} /> : null}
      <Flex justify="end" gap="small">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          {submitLabel}
        </Button>
      </Flex>
    </Form>
  );
}
