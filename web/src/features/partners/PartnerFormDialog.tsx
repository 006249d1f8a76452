import { App, Button, Flex, Form, Input, Modal, Select, Switch } from 'antd';
import { useState } from 'react';
import { useGuardedSubmit } from '../../lib/forms/useGuardedSubmit.js';
import { errorMessage, isPlanLimit } from '../../lib/http/error-message.js';
import { ServerErrorAlert, type ShownServerError } from '../../app/feedback/ServerErrorAlert.js';
import { useAddPartnerMutation, useUpdatePartnerMutation } from '../../app/generated/portfolio-api.js';
import { partnerMessages, partnerRoleOptions, type Partner, type PartnerRole } from './partner.js';
import { AddPartner } from '@pm/contracts';
import { contractRules } from '../../lib/forms/contract-rules.js';

interface PartnerValues {
  fullName: string;
  email: string;
  phone?: string;
  role: PartnerRole;
  is_emergency_contact?: boolean;
}

/** The fields' schemas: adding and editing check the name, e-mail and role alike (UpdatePartner uses AddPartner's). */
const partnerFields = AddPartner.request.shape;

type PartnerFormDialogProps = { open: boolean; onClose: () => void } & ({ mode: 'add'; locationId: string } | { mode: 'update'; partner: Partner });

/**
 * "Add Property Partner" (Full Name, Email, Phone, Role all required; Manager by default) and "Update Property
 * Partner" (phone optional, emergency contact switch) — spec 001 sections 2, 3 and 5.
 */
export function PartnerFormDialog(props: PartnerFormDialogProps) {
  return (
    <Modal open={props.open} title={props.mode === 'add' ? 'Add Property Partner' : 'Update Property Partner'} onCancel={props.onClose} footer={null} destroyOnHidden>
      {props.open ? <PartnerForm {...props} /> : null}
    </Modal>
  );
}

function PartnerForm(props: PartnerFormDialogProps) {
  const [form] = Form.useForm<PartnerValues>();
  const { notification } = App.useApp();
  const [createPartner, creating] = useAddPartnerMutation();
  const [updatePartner, updating] = useUpdatePartnerMutation();
  const [serverError, setServerError] = useState<ShownServerError | null>(null);
  const adding = props.mode === 'add';

  const initialValues: Partial<PartnerValues> = adding
    ? { role: 'MANAGER' }
    : {
        fullName: props.partner.manager.limitedUser.full_name,
        email: props.partner.manager.limitedUser.email,
        phone: props.partner.manager.limitedUser.phone ?? '',
        role: props.partner.role,
        is_emergency_contact: props.partner.is_emergency_contact,
      };

  const submit = useGuardedSubmit(async (values: PartnerValues) => {
    setServerError(null);
    const failure = adding ? partnerMessages.createFailed : partnerMessages.updateFailed;
    const phone = values.phone?.trim() ?? '';
    try {
      if (props.mode === 'add') {
        await createPartner({ fullName: values.fullName.trim(), email: values.email.trim(), phone, role: values.role, locationId: props.locationId }).unwrap();
        notification.success({ title: partnerMessages.invited });
      } else {
        await updatePartner({
          id: props.partner.id,
          full_name: values.fullName.trim(),
          email: values.email.trim(),
          ...(phone ? { phone } : {}),
          role: values.role,
          is_emergency_contact: values.is_emergency_contact === true,
        }).unwrap();
        notification.success({ title: partnerMessages.updated });
      }
      props.onClose();
    } catch (error) {
      notification.error({ title: failure });
      setServerError({ message: errorMessage(error, failure), planLimit: isPlanLimit(error) });
    }
  });

  const saving = creating.isLoading || updating.isLoading;
  return (
    <Form<PartnerValues> form={form} layout="vertical" initialValues={initialValues} onFinish={submit} disabled={saving}>
      <Form.Item label="Full Name" name="fullName" rules={contractRules(partnerFields.fullName)}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        label="Email"
        name="email"
        rules={contractRules(partnerFields.email)}
      >
        <Input type="email" autoComplete="off" />
      </Form.Item>
      <Form.Item label="Phone" name="phone" rules={adding ? contractRules(partnerFields.phone) : []}>
        <Input inputMode="tel" autoComplete="off" />
      </Form.Item>
      <Form.Item label="Role" name="role" rules={contractRules(partnerFields.role)}>
        <Select options={partnerRoleOptions.map((option) => ({ ...option }))} />
      </Form.Item>
      {adding ? null : (
        <Form.Item label="Emergency contact" name="is_emergency_contact" valuePropName="checked">
          <Switch />
        </Form.Item>
      )}
      <ServerErrorAlert error={serverError} style={{ marginBottom: 16 }} />
      <Flex justify="end" gap="small">
        <Button onClick={props.onClose}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          {adding ? 'Send Invitation' : 'Update'}
        </Button>
      </Flex>
    </Form>
  );
}
