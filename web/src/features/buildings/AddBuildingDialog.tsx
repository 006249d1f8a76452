import { Alert, App, Form, Input, Modal, Select } from 'antd';
import { useMemo, useState } from 'react';
import { DIALOG_REPEAT_WINDOW_MS, ignoreRepeatsWithin } from '../../lib/forms/repeat-guard.js';
import { errorMessage } from '../../lib/http/error-message.js';
import type { PropertyLocation } from '../../app/property-location.js';
import { useCreateBuildingMutation } from '../../app/generated/portfolio-api.js';
import { buildingMessages, type Building, type CreateBuildingRequest } from './building.js';
import { CreateBuilding } from '@pm/contracts';
import { contractRules } from '../../lib/forms/contract-rules.js';

/** The form holds the request's own fields. */
type AddBuildingValues = CreateBuildingRequest;

interface AddBuildingDialogProps {
  open: boolean;
  onClose: () => void;
  /** The locations the building may belong to; the current one is preselected. */
  locations: readonly Pick<PropertyLocation, 'id' | 'name' | 'address_text'>[];
  defaultLocationId: string | undefined;
  onCreated?: (building: Building) => void;
}

/** Add a New Building (spec 001 section 5): name, property location and address, each required. */
export function AddBuildingDialog({ open, onClose, locations, defaultLocationId, onCreated }: AddBuildingDialogProps) {
  const [form] = Form.useForm<AddBuildingValues>();
  const { notification } = App.useApp();
  const [createBuilding, { isLoading }] = useCreateBuildingMutation();
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = useMemo(
    () =>
      ignoreRepeatsWithin(DIALOG_REPEAT_WINDOW_MS, (values: AddBuildingValues) => {
        void (async () => {
          setServerError(null);
          const result = await createBuilding({
            name: (values.name ?? '').trim(),
            property_location_id: values.property_location_id ?? '',
            address_text: (values.address_text ?? '').trim(),
          });
          if ('error' in result) {
            notification.error({ title: buildingMessages.createFailed });
            setServerError(errorMessage(result.error, buildingMessages.createFailed));
            return;
          }
          notification.success({ title: buildingMessages.created });
          onCreated?.(result.data);
          onClose();
        })();
      }),
    [createBuilding, notification, onClose, onCreated],
  );

  const defaultAddress = locations.find((location) => location.id === defaultLocationId)?.address_text;

  return (
    <Modal
      open={open}
      title="Add a New Building"
      okText="Create"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={isLoading}
      destroyOnHidden
      afterClose={() => setServerError(null)}
    >
      <Form<AddBuildingValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ property_location_id: defaultLocationId, address_text: defaultAddress }}
        onFinish={submit}
        disabled={isLoading}
      >
        <Form.Item label="Building Name" name="name" rules={contractRules(CreateBuilding.request.shape.name)}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Property Location" name="property_location_id" rules={contractRules(CreateBuilding.request.shape.property_location_id)}>
          <Select
            placeholder="Select the property location"
            options={locations.map((location) => ({ value: location.id, label: location.name }))}
            allowClear
          />
        </Form.Item>
        <Form.Item
          label="Building Address"
          name="address_text"
          rules={contractRules(CreateBuilding.request.shape.address_text)}
        >
          <Input autoComplete="off" />
        </Form.Item>
        {serverError ? <Alert type="error" showIcon title={serverError} role="alert" /> : null}
      </Form>
    </Modal>
  );
}
