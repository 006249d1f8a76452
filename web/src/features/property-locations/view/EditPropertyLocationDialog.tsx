import { Alert, App, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useMemo, useState } from 'react';
import { DIALOG_REPEAT_WINDOW_MS, ignoreRepeatsWithin } from '../../../lib/forms/repeat-guard.js';
import { errorMessage } from '../../../lib/http/error-message.js';
import { PropertyMap } from '../../../lib/map/PropertyMap.js';
import { useUpdatePropertyLocationMutation } from '../../../app/generated/portfolio-api.js';
import { useGeocodeAddressQuery } from '../../../app/address-search/address-search-api.js';
import { shouldSearchAddress, type AddressSuggestion } from '../../../app/address-search/address-suggestion.js';
import { AddressSearchInput } from '../../../app/address-search/AddressSearchInput.js';
import { locationMessages } from '../location-messages.js';
import { propertyTypeOptions, type PropertyLocation, type UpdatePropertyLocationRequest } from '../../../app/property-location.js';
import { UpdatePropertyLocation } from '@pm/contracts';
import { contractRules } from '../../../lib/forms/contract-rules.js';

/** The dialog's fields are the request's own. */
type EditValues = Omit<UpdatePropertyLocationRequest, 'id' | 'is_rental_property' | 'metadata'>;

/** The PUT body: trimmed texts, and the units count only for a multi-unit location (spec 001 section 3). */
export function toUpdateRequest(id: string, values: EditValues): UpdatePropertyLocationRequest {
  return {
    id,
    name: (values.name ?? '').trim(),
    address_text: (values.address_text ?? '').trim(),
    type: values.type!,
    ...(values.type === 'MULTI_UNIT' && values.declared_units_count != null ? { declared_units_count: values.declared_units_count } : {}),
  };
}

/**
 * Edit Property Location (spec 001 section 5): unlike the add form, the name is required here. The create form
 * carries onboarding's usage and rental switch, which editing does not offer, so the dialog has its own
 * four fields and shares the address search and the map's pin.
 */
export function EditPropertyLocationDialog({ location, open, onClose }: { location: PropertyLocation; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<EditValues>();
  const { notification } = App.useApp();
  const [update, { isLoading }] = useUpdatePropertyLocationMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const type = Form.useWatch('type', form);
  // Until the address is edited the pin shows where the saved address is; then the suggestion the text is, if any.
  const [picked, setPicked] = useState<AddressSuggestion | null | undefined>(undefined);
  const { data: saved } = useGeocodeAddressQuery(location.address_text, { skip: !open || !shouldSearchAddress(location.address_text) });
  const pinned = picked === undefined ? saved : picked;

  const submit = useMemo(
    () =>
      ignoreRepeatsWithin(DIALOG_REPEAT_WINDOW_MS, (values: EditValues) => {
        void (async () => {
          setServerError(null);
          const result = await update(toUpdateRequest(location.id, values));
          if ('error' in result) {
            notification.error({ title: locationMessages.updateFailed });
            setServerError(errorMessage(result.error, locationMessages.updateFailed));
            return;
          }
          notification.success({ title: locationMessages.updated });
          onClose();
        })();
      }),
    [update, location.id, notification, onClose],
  );

  return (
    <Modal
      open={open}
      title={locationMessages.editTitle}
      onCancel={onClose}
      okText="Save"
      onOk={() => form.submit()}
      confirmLoading={isLoading}
      destroyOnHidden
      afterClose={() => {
        setServerError(null);
        setPicked(undefined);
      }}
    >
      <Form<EditValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          name: location.name,
          address_text: location.address_text,
          type: location.type ?? undefined,
          declared_units_count: location.declared_units_count,
        }}
        onFinish={submit}
        disabled={isLoading}
      >
        <Form.Item label="Name" name="name" rules={contractRules(UpdatePropertyLocation.request.shape.name)}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="Property Rental Address"
          name="address_text"
          rules={contractRules(UpdatePropertyLocation.request.shape.address_text)}
        >
          <AddressSearchInput placeholder="Start typing the address" onSuggestionSelected={setPicked} />
        </Form.Item>
        <div style={{ marginBottom: 24 }}>
          <PropertyMap pin={pinned ? { lat: pinned.lat, lng: pinned.lng, label: pinned.label } : null} />
        </div>
        <Form.Item label="Property Type" name="type" rules={contractRules(UpdatePropertyLocation.request.shape.type, { required: locationMessages.typeRequired })}>
          <Select options={propertyTypeOptions.map((option) => ({ ...option }))} placeholder="Select the property type" />
        </Form.Item>
        {type === 'MULTI_UNIT' ? (
          <Form.Item label="Units Count" name="declared_units_count" rules={contractRules(UpdatePropertyLocation.request.shape.declared_units_count, { required: locationMessages.unitsCountRequired })}>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        ) : null}
        {serverError ? <Alert type="error" showIcon title={serverError} role="alert" /> : null}
      </Form>
    </Modal>
  );
}
