import { Alert, App, Button, Flex, Form, Input, Select, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useGuardedSubmit } from '../../lib/forms/useGuardedSubmit.js';
import { errorMessage } from '../../lib/http/error-message.js';
import { useListPropertyLocationsQuery, useCreateContactMutation, useUpdateContactMutation } from '../../app/generated/portfolio-api.js';
import { canWriteContacts, contactMessages, contactRoleOptions, type Contact, type ContactDetail, type ContactDetailType } from './contact.js';

interface DetailValues {
  label?: string;
  value?: string;
}

interface ContactValues {
  name?: string;
  role: string;
  emails?: DetailValues[];
  phones?: DetailValues[];
  others?: DetailValues[];
  location_ids?: string[];
}

const detailLists = [
  { name: 'emails', type: 'email', title: 'Email', add: 'Add email' },
  { name: 'phones', type: 'phone', title: 'Phone', add: 'Add phone' },
  { name: 'others', type: 'other', title: 'Other detail', add: 'Add other detail' },
] as const satisfies readonly { name: keyof ContactValues; type: ContactDetailType; title: string; add: string }[];

const rowsOf = (contact: Contact | undefined, type: ContactDetailType): DetailValues[] =>
  contact ? contact.details.filter((detail) => detail.type === type).map((detail) => ({ label: detail.label ?? '', value: detail.value })) : [];

/** Rows with an empty value say nothing and are left out (the service drops them too). */
function toDetails(values: ContactValues): ContactDetail[] {
  return detailLists.flatMap(({ name, type }) =>
    (values[name] ?? [])
      .map((row) => ({ type, label: row?.label?.trim() || null, value: row?.value?.trim() ?? '' }))
      .filter((detail) => detail.value !== ''),
  );
}

type ContactFormProps = { locationId: string; onDone: () => void; onCancel: () => void } & ({ mode: 'add' } | { mode: 'edit'; contact: Contact });

/**
 * Add Contact and Edit Contact: name, role, e-mails / phones / other details each with an optional label, and the
 * locations the contact belongs to (the caller's locations where they may write contacts; the current one by
 * default). Required fields are checked by the service; its message is shown in the form (spec 002 section 5).
 */
export function ContactForm(props: ContactFormProps) {
  const [form] = Form.useForm<ContactValues>();
  const { notification } = App.useApp();
  const locations = useListPropertyLocationsQuery();
  const [createContact, creating] = useCreateContactMutation();
  const [updateContact, updating] = useUpdateContactMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const existing = props.mode === 'edit' ? props.contact : undefined;

  const writable = (locations.data ?? []).filter((location) => canWriteContacts(location.access_role));
  const locationOptions = writable.map((location) => ({ value: location.id, label: location.name }));
  // Links to locations outside the caller's reach are kept by the service; the field only shows what they may change.
  const initialLocations = existing ? existing.location_ids.filter((id) => id === props.locationId || writable.some((location) => location.id === id)) : [props.locationId];
  if (!locationOptions.some((option) => option.value === props.locationId)) locationOptions.unshift({ value: props.locationId, label: 'This location' });

  const initialValues: ContactValues = {
    name: existing?.name ?? '',
    role: existing?.role ?? 'OTHER',
    emails: existing ? rowsOf(existing, 'email') : [{}],
    phones: existing ? rowsOf(existing, 'phone') : [{}],
    others: rowsOf(existing, 'other'),
    location_ids: initialLocations,
  };

  const submit = useGuardedSubmit(async (values: ContactValues) => {
    setServerError(null);
    const failure = existing ? contactMessages.updateFailed : contactMessages.createFailed;
    const input = {
      location_id: props.locationId,
      name: values.name?.trim() ?? '',
      role: values.role,
      details: toDetails(values),
      location_ids: values.location_ids ?? [],
    };
    try {
      if (existing) {
        await updateContact({ id: existing.id, ...input }).unwrap();
        notification.success({ title: contactMessages.updated });
      } else {
        const created = await createContact(input).unwrap();
        notification.success({ title: contactMessages.created(created.location_ids.length) });
      }
      props.onDone();
    } catch (error) {
      notification.error({ title: failure });
      setServerError(errorMessage(error, failure));
    }
  });

  const saving = creating.isLoading || updating.isLoading;
  // The locations field's initial value depends on which of the caller's locations are writable.
  if (locations.isLoading) return <Spin />;
  return (
    <Form<ContactValues> form={form} layout="vertical" initialValues={initialValues} onFinish={submit} disabled={saving}>
      <Form.Item label="Name" name="name">
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Role" name="role">
        <Select options={contactRoleOptions(existing?.role)} />
      </Form.Item>
      {detailLists.map((list) => (
        <Form.List key={list.name} name={list.name}>
          {(fields, { add, remove }) => (
            <Flex vertical gap="small" style={{ marginBottom: 16 }}>
              <Typography.Text strong>{`${list.title}s`}</Typography.Text>
              {fields.map((field, index) => (
                <Space key={field.key} align="baseline" wrap>
                  <Form.Item name={[field.name, 'label']} noStyle>
                    <Input aria-label={`${list.title} ${index + 1} label`} placeholder="Label (e.g. Work)" style={{ width: 140 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'value']} noStyle>
                    <Input aria-label={`${list.title} ${index + 1}`} placeholder={list.title} type={list.type === 'email' ? 'email' : 'text'} style={{ width: 240 }} />
                  </Form.Item>
                  <Button type="text" aria-label={`Remove ${list.title.toLowerCase()} ${index + 1}`} onClick={() => remove(field.name)}>
                    Remove
                  </Button>
                </Space>
              ))}
              <Button type="dashed" onClick={() => add({})} style={{ alignSelf: 'start' }}>
                {list.add}
              </Button>
            </Flex>
          )}
        </Form.List>
      ))}
      <Form.Item label="Locations" name="location_ids">
        <Select mode="multiple" options={locationOptions} optionFilterProp="label" />
      </Form.Item>
      {serverError ? <Alert type="error" showIcon title={serverError} role="alert" style={{ marginBottom: 16 }} /> : null}
      <Flex justify="end" gap="small">
        <Button onClick={props.onCancel}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          {existing ? 'Save' : 'Add Contact'}
        </Button>
      </Flex>
    </Form>
  );
}
