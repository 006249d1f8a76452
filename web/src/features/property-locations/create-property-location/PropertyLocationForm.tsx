import { Alert, App, Button, Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../../lib/http/error-message.js';
import { PropertyMap } from '../../../lib/map/PropertyMap.js';
import { ignoreRepeatsWithin, DIALOG_REPEAT_WINDOW_MS } from '../../../lib/forms/repeat-guard.js';
import { useCreatePropertyLocationMutation } from '../../../app/generated/portfolio-api.js';
import type { AddressSuggestion } from '../../../app/address-search/address-suggestion.js';
import { propertyTypeOptions, type PropertyLocation } from '../../../app/property-location.js';
import { AddressSearchInput } from '../../../app/address-search/AddressSearchInput.js';
import { propertyLocationMessages, toCreateRequest, usageOptions, type PropertyLocationFormValues } from './property-location-form-values.js';
import { CreatePropertyLocation } from '@pm/contracts';
import { contractRules } from '../../../lib/forms/contract-rules.js';

interface PropertyLocationFormProps {
  /** The property-owner campaign makes the type optional (spec 000 sections 5 and 6). */
  isPropertyOwnerCampaign: boolean;
  /** Onboarding (spec 000) and the manager area (spec 001) word the missing address differently. */
  addressRequiredMessage?: string;
  onCreated: (location: PropertyLocation) => void;
  /** Extra buttons beside Create (onboarding's Skip for now). */
  extraActions?: ReactNode;
}

/** Create a property location: the form with address search on the left, the map with the address's pin beside it. */
export function PropertyLocationForm({
  isPropertyOwnerCampaign,
  addressRequiredMessage = propertyLocationMessages.addressRequired,
  onCreated,
  extraActions,
}: PropertyLocationFormProps) {
  const [form] = Form.useForm<PropertyLocationFormValues>();
  const { notification } = App.useApp();
  const [createPropertyLocation, { isLoading }] = useCreatePropertyLocationMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const [selected, setSelected] = useState<AddressSuggestion | null>(null);
  const type = Form.useWatch('type', form);

  const [submit] = useState(() =>
    ignoreRepeatsWithin(DIALOG_REPEAT_WINDOW_MS, async (values: PropertyLocationFormValues) => {
      setServerError(null);
      try {
        const location = await createPropertyLocation(toCreateRequest(values)).unwrap();
        notification.success({ title: propertyLocationMessages.created });
        onCreated(location);
      } catch (error) {
        notification.error({ title: propertyLocationMessages.createFailed });
        setServerError(errorMessage(error, propertyLocationMessages.createFailed));
      }
    }),
  );

  return (
    <Row gutter={[32, 24]}>
      <Col xs={24} lg={12}>
        <Form<PropertyLocationFormValues>
          form={form}
          layout="vertical"
          requiredMark="optional"
          initialValues={{ is_rental_property: !isPropertyOwnerCampaign }}
          onFinish={(values) => void submit(values)}
          disabled={isLoading}
        >
          <Form.Item label="Property Name" name="name" extra="Leave empty to name it after the address.">
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item label="Property Address" name="address_text" required rules={contractRules(CreatePropertyLocation.request.shape.address_text, { required: addressRequiredMessage })}>
            <AddressSearchInput placeholder="Start typing the address" onSuggestionSelected={setSelected} />
          </Form.Item>
          <Form.Item
            label="Property Type"
            name="type"
            // Required unless the campaign is the property owner's: the service decides, the form says it first.
            rules={contractRules(CreatePropertyLocation.request.shape.type, isPropertyOwnerCampaign ? {} : { required: propertyLocationMessages.typeRequired })}
          >
            <Select options={propertyTypeOptions.map((option) => ({ ...option }))} placeholder="Select the property type" allowClear />
          </Form.Item>
          {type === 'MULTI_UNIT' ? (
            <Form.Item label="Units Count" name="declared_units_count" rules={contractRules(CreatePropertyLocation.request.shape.declared_units_count, { required: propertyLocationMessages.unitsCountRequired })}>
              <InputNumber min={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          ) : null}
          <Form.Item label="Rental property" name="is_rental_property" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item label="Usage" name="usage">
            <Select options={usageOptions.map((option) => ({ ...option }))} placeholder="How is the property used?" allowClear />
          </Form.Item>
          {serverError ? <Alert type="error" showIcon title={serverError} style={{ marginBottom: 16 }} /> : null}
          <Row gutter={12}>
            <Col>
              <Button type="primary" htmlType="submit" loading={isLoading}>
                Create
              </Button>
            </Col>
            {extraActions ? <Col>{extraActions}</Col> : null}
          </Row>
        </Form>
      </Col>
      <Col xs={24} lg={12}>
        <PropertyMap pin={selected ? { lat: selected.lat, lng: selected.lng, label: selected.label } : null} />
      </Col>
    </Row>
  );
}
