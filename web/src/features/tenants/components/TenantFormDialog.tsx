import { Alert, App, Button, Flex, Form, Input, Modal, Select } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useGuardedSubmit } from '../../../lib/forms/useGuardedSubmit.js';
import { errorMessage } from '../../../lib/http/error-message.js';
import { useListLocationUnitsQuery, useCreateTenantMutation, useUpdateTenantMutation } from '../../../app/generated/portfolio-api.js';
import { displayPhone, formatPhoneInput } from '../../../lib/format/phone-format.js';
import { emailsOf, phonesOf, type Tenant } from '../tenant.js';
import { tenantMessages } from '../tenant-messages.js';
import { toContacts, type TenantFormValues } from './tenant-form-values.js';
import { CreateTenant, TenantContactInputSchema } from '@pm/contracts';
import { contractRules } from '../../../lib/forms/contract-rules.js';

type TenantFormDialogProps = { open: boolean; onClose: () => void; onSaved?: (tenant: Tenant) => void } & (
  | { mode: 'add'; locationId: string; /** Fixed on a unit's list; chosen in the dialog on a location's list. */ unitId?: string }
  | { mode: 'edit'; tenant: Tenant }
);

/** "Add a Tenant" and "Edit Tenant" (spec 001 sections 2, 3 and 5). */
export function TenantFormDialog(props: TenantFormDialogProps) {
  const { open, onClose } = props;
  return (
    <Modal open={open} title={props.mode === 'add' ? 'Add a Tenant' : 'Edit Tenant'} onCancel={onClose} footer={null} destroyOnHidden>
      {open ? <TenantForm {...props} /> : null}
    </Modal>
  );
}

function TenantForm(props: TenantFormDialogProps) {
  const { onClose, onSaved } = props;
  const [form] = Form.useForm<TenantFormValues>();
  const { notification } = App.useApp();
  const [createTenant, creating] = useCreateTenantMutation();
  const [updateTenant, updating] = useUpdateTenantMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const chooseUnit = props.mode === 'add' && !props.unitId;
  const units = useListLocationUnitsQuery({ locationId: props.mode === 'add' ? props.locationId : '' }, { skip: !chooseUnit });
  // A location with one unit (a single-family home's implicit one) has nothing to choose: it is picked.
  const onlyUnit = units.data?.length === 1 ? units.data[0]!.id : undefined;
  useEffect(() => {
    if (chooseUnit && onlyUnit && !form.getFieldValue('unit_id')) form.setFieldValue('unit_id', onlyUnit);
  }, [chooseUnit, onlyUnit, form]);

  const initialValues: TenantFormValues =
    props.mode === 'edit'
      ? {
          full_name: props.tenant.full_name,
          emails: emailsOf(props.tenant).length ? emailsOf(props.tenant) : [''],
          phones: phonesOf(props.tenant).length ? phonesOf(props.tenant).map(displayPhone) : [''],
        }
      : { full_name: '', emails: [''], phones: [''] };

  const submit = useGuardedSubmit(async (values: TenantFormValues) => {
    setServerError(null);
    const contacts = toContacts(values);
    const fullName = values.full_name.trim();
    const [success, failure] = props.mode === 'add' ? [tenantMessages.created, tenantMessages.createFailed] : [tenantMessages.updated, tenantMessages.updateFailed];
    try {
      const tenant =
        props.mode === 'add'
          ? await createTenant({ full_name: fullName, unit_id: props.unitId ?? values.unit_id ?? '', location_id: props.locationId, contacts }).unwrap()
          : await updateTenant({ id: props.tenant.id, full_name: fullName, contacts }).unwrap();
      notification.success({ title: success });
      onSaved?.(tenant);
      onClose();
    } catch (error) {
      notification.error({ title: failure });
      setServerError(errorMessage(error, failure));
    }
  });

  const saving = creating.isLoading || updating.isLoading;
  return (
    <Form<TenantFormValues> form={form} layout="vertical" initialValues={initialValues} onFinish={submit} disabled={saving}>
      <Form.Item label="Full name" name="full_name" rules={contractRules(CreateTenant.request.shape.full_name)}>
        <Input autoComplete="off" />
      </Form.Item>
      {chooseUnit ? (
        <Form.Item label="Unit" name="unit_id" rules={[{ required: true, message: tenantMessages.unitRequired }]}>
          <Select
            loading={units.isLoading}
            placeholder="Select the unit"
            options={(units.data ?? []).map((unit) => ({ value: unit.id, label: unitLabel(unit) }))}
          />
        </Form.Item>
      ) : null}
      <ContactList name="emails" label="Email" addLabel="Add email">
        {(name, label) => (
          <Form.Item name={name} label={label} rules={contractRules(TenantContactInputSchema, { input: (value) => ({ type: 'email', value }) })} validateTrigger="onBlur">
            <Input type="email" autoComplete="off" />
          </Form.Item>
        )}
      </ContactList>
      <ContactList name="phones" label="Phone" addLabel="Add phone">
        {(name, label) => (
          <Form.Item
            name={name}
            label={label}
            rules={contractRules(TenantContactInputSchema, { input: (value) => ({ type: 'phone', value }) })}
            normalize={(value: string | undefined) => formatPhoneInput(value ?? '')}
            validateTrigger="onBlur"
          >
            <Input inputMode="tel" placeholder="(999) 999-9999" autoComplete="off" />
          </Form.Item>
        )}
      </ContactList>
      {serverError ? <Alert type="error" showIcon title={serverError} role="alert" style={{ marginBottom: 16 }} /> : null}
      <Flex justify="end" gap="small">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          {props.mode === 'add' ? 'Add Tenant' : 'Save'}
        </Button>
      </Flex>
    </Form>
  );
}

/**
 * A unit as the dialog offers it: with its building, unless the building is the location's implicit one named like
 * the unit (a single-family home's, spec 001: no buildings shown), where the building would only repeat its name.
 */
export function unitLabel(unit: { name: string; building_name: string }): string {
  return unit.building_name === unit.name ? unit.name : `${unit.building_name} · ${unit.name}`;
}

/** A list of e-mail or phone inputs; the user adds more and removes all but one. */
function ContactList({
  name,
  label,
  addLabel,
  children,
}: {
  name: 'emails' | 'phones';
  label: string;
  addLabel: string;
  children: (name: number, label: string) => ReactNode;
}) {
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <>
          {fields.map((field, index) => {
            const fieldLabel = fields.length > 1 ? `${label} ${index + 1}` : label;
            return (
              <Flex key={field.key} gap="small" align="center">
                <div style={{ flex: 1 }}>{children(field.name, fieldLabel)}</div>
                {fields.length > 1 ? (
                  <Button type="text" aria-label={`Remove ${fieldLabel}`} onClick={() => remove(field.name)}>
                    Remove
                  </Button>
                ) : null}
              </Flex>
            );
          })}
          <Form.Item>
            <Button type="dashed" onClick={() => add('')}>
              {addLabel}
            </Button>
          </Form.Item>
        </>
      )}
    </Form.List>
  );
}
