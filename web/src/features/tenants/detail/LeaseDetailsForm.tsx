import { Alert, App, Button, Flex, Form, Input, InputNumber } from 'antd';
import { useState } from 'react';
import { useGuardedSubmit } from '../../../lib/forms/useGuardedSubmit.js';
import { errorMessage } from '../../../lib/http/error-message.js';
import { useUpdateTenantMetadataMutation } from '../../../app/generated/portfolio-api.js';
import type { Tenant } from '../tenant.js';
import { tenantMessages } from '../tenant-messages.js';
import { RentCentsSchema } from '@pm/contracts';
import { contractRules } from '../../../lib/forms/contract-rules.js';

interface LeaseValues {
  lease_start?: string;
  lease_end?: string;
  /** Dollars in the form; the BFF keeps cents. */
  rent?: number | null;
}

/** Lease start, end and rent of a tenant, saved through PUT tenant/{id}/metadata. */
export function LeaseDetailsForm({ tenant }: { tenant: Tenant }) {
  const [form] = Form.useForm<LeaseValues>();
  const { notification } = App.useApp();
  const [updateMetadata, { isLoading }] = useUpdateTenantMetadataMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const { lease_start, lease_end, rent_amount_cents } = tenant.metadata;

  const submit = useGuardedSubmit(async (values: LeaseValues) => {
    setServerError(null);
    try {
      await updateMetadata({
        id: tenant.id,
        lease_start: values.lease_start || null,
        lease_end: values.lease_end || null,
        rent_amount_cents: values.rent === undefined || values.rent === null ? null : Math.round(values.rent * 100),
      }).unwrap();
      notification.success({ title: tenantMessages.updated });
    } catch (error) {
      notification.error({ title: tenantMessages.updateFailed });
      setServerError(errorMessage(error, tenantMessages.updateFailed));
    }
  });

  return (
    <Form<LeaseValues>
      form={form}
      layout="vertical"
      disabled={isLoading || tenant.is_archived}
      initialValues={{ lease_start: lease_start ?? '', lease_end: lease_end ?? '', rent: rent_amount_cents === null ? null : rent_amount_cents / 100 }}
      onFinish={submit}
    >
      <Flex gap="middle" wrap>
        <Form.Item label="Lease start" name="lease_start">
          <Input type="date" />
        </Form.Item>
        <Form.Item
          label="Lease end"
          name="lease_end"
          dependencies={['lease_start']}
          rules={[
            ({ getFieldValue }) => ({
              validator(_rule, value: string | undefined) {
                const start = getFieldValue('lease_start') as string | undefined;
                return value && start && value <= start ? Promise.reject(new Error(tenantMessages.leaseEndBeforeStart)) : Promise.resolve();
              },
            }),
          ]}
        >
          <Input type="date" />
        </Form.Item>
        <Form.Item
          label="Monthly rent ($)"
          name="rent"
          // The form asks for dollars, the contract limits cents.
          rules={contractRules(RentCentsSchema, { input: (dollars) => (typeof dollars === 'number' ? Math.round(dollars * 100) : dollars) })}
        >
          <InputNumber precision={2} style={{ width: 160 }} />
        </Form.Item>
      </Flex>
      {serverError ? <Alert type="error" showIcon title={serverError} role="alert" style={{ marginBottom: 16 }} /> : null}
      <Button type="primary" htmlType="submit" loading={isLoading}>
        Save lease details
      </Button>
    </Form>
  );
}
