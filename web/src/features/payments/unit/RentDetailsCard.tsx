import type { RentDetails } from '@pm/contracts';
import { Alert, Button, Card, Descriptions, Flex, Form, Input, InputNumber, Modal, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useGetRentDetailsQuery, useUpdateRentDetailsMutation } from '../../../app/generated/payments-api.js';
import { useFeedback } from '../../../app/feedback/useFeedback.js';
import { SectionTitle } from '../../../app/pm-shell/PageTitle.js';
import { useLoadErrorToast } from '../../../lib/feedback/useLoadErrorToast.js';
import { formatCents } from '../../../lib/format/money.js';
import { useGuardedSubmit } from '../../../lib/forms/useGuardedSubmit.js';
import { errorMessage } from '../../../lib/http/error-message.js';
import { rentTexts } from '../payment-texts.js';
import { formatDay, ordinalDay } from '../rent-format.js';
import { rentFormRules, rentFormValuesOf, rentRequestOf, type RentFormValues } from './rent-form.js';

/** Spec 001 §3 Rent details: the unit's rent (per month), due day, late fee and grace period, term and time zone. */
export function RentDetailsCard({ unitId, canWrite }: { unitId: string; canWrite: boolean }) {
  const details = useGetRentDetailsQuery({ id: unitId });
  const [editing, setEditing] = useState(false);
  useLoadErrorToast(details.isError, rentTexts.detailsLoadFailed);
  const rent = details.data;

  return (
    <Card
      title={<SectionTitle>Rent details</SectionTitle>}
      extra={
        canWrite && rent ? (
          <Button onClick={() => setEditing(true)}>{rent.amount === null ? 'Set rent' : 'Edit rent details'}</Button>
        ) : null
      }
    >
      {details.isLoading ? <Spin description="Loading…" /> : null}
      {details.isError ? <Alert type="error" showIcon role="alert" title={rentTexts.detailsLoadFailed} description={errorMessage(details.error, '')} /> : null}
      {rent ? (
        <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
          <Descriptions.Item label="Rent">{rent.amount === null ? rentTexts.noRent : `${formatCents(rent.amount)} / month`}</Descriptions.Item>
          <Descriptions.Item label="Due day">{`${ordinalDay(rent.due_day)} of the month`}</Descriptions.Item>
          <Descriptions.Item label="Late fee">{formatCents(rent.late_fee)}</Descriptions.Item>
          <Descriptions.Item label="Grace period">{`${rent.grace_period_days} ${rent.grace_period_days === 1 ? 'day' : 'days'}`}</Descriptions.Item>
          <Descriptions.Item label="Start date">{rent.start_date ? formatDay(rent.start_date) : '—'}</Descriptions.Item>
          <Descriptions.Item label="End date">{rent.end_date ? formatDay(rent.end_date) : '—'}</Descriptions.Item>
          <Descriptions.Item label="Time zone">{rent.time_zone}</Descriptions.Item>
        </Descriptions>
      ) : null}
      {rent && editing ? <RentDetailsDialog unitId={unitId} details={rent} onClose={() => setEditing(false)} /> : null}
    </Card>
  );
}

/** Edit Rent Details: dollars typed are sent as integer cents; days and dates checked by the contract's rules. */
function RentDetailsDialog({ unitId, details, onClose }: { unitId: string; details: RentDetails; onClose: () => void }) {
  const [form] = Form.useForm<RentFormValues>();
  const { notification } = useFeedback();
  const [update, { isLoading }] = useUpdateRentDetailsMutation();
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = useGuardedSubmit(async (values: RentFormValues) => {
    setServerError(null);
    try {
      await update(rentRequestOf(unitId, values)).unwrap();
      notification.success({ title: rentTexts.detailsUpdated });
      onClose();
    } catch (error) {
      notification.error({ title: rentTexts.detailsUpdateFailed });
      setServerError(errorMessage(error, rentTexts.detailsUpdateFailed));
    }
  });

  return (
    <Modal open title="Edit Rent Details" okText="Save" onOk={() => form.submit()} onCancel={onClose} confirmLoading={isLoading} destroyOnHidden>
      <Form<RentFormValues> form={form} layout="vertical" initialValues={rentFormValuesOf(details)} onFinish={submit} disabled={isLoading}>
        <Form.Item label="Monthly rent ($)" name="rentDollars" rules={rentFormRules.rentDollars}>
          <Input inputMode="decimal" autoComplete="off" placeholder="1,850.00" />
        </Form.Item>
        <Flex gap="middle" wrap>
          <Form.Item label="Due day" name="dueDay" rules={rentFormRules.dueDay}>
            <InputNumber precision={0} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item label="Late fee ($)" name="lateFeeDollars" rules={rentFormRules.lateFeeDollars}>
            <Input inputMode="decimal" autoComplete="off" placeholder="0.00" style={{ width: 160 }} />
          </Form.Item>
          <Form.Item label="Grace period (days)" name="graceDays" rules={rentFormRules.graceDays}>
            <InputNumber precision={0} style={{ width: 120 }} />
          </Form.Item>
        </Flex>
        <Flex gap="middle" wrap>
          <Form.Item label="Start date" name="startDate" rules={rentFormRules.startDate}>
            <Input type="date" />
          </Form.Item>
          <Form.Item label="End date" name="endDate" dependencies={['startDate']} rules={rentFormRules.endDate}>
            <Input type="date" />
          </Form.Item>
        </Flex>
        <Typography.Paragraph type="secondary">{`Due dates and late fees follow the property's time zone, ${details.time_zone}.`}</Typography.Paragraph>
        {serverError ? <Alert type="error" showIcon title={serverError} role="alert" /> : null}
      </Form>
    </Modal>
  );
}
