import { SearchLocationPhoneNumbers } from '@pm/contracts';
import { Alert, App, Button, Empty, Flex, Form, Input, List, Modal, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { contractRules } from '../../../lib/forms/contract-rules.js';
import { errorMessage } from '../../../lib/http/error-message.js';
import { useLoadErrorToast } from '../../../lib/feedback/useLoadErrorToast.js';
import type { AvailablePhoneNumber, PropertyLocation } from '../../../app/property-location.js';
import { useAssignLocationPhoneNumberMutation, useChangeLocationPhoneNumberMutation, useSearchLocationPhoneNumbersQuery } from '../../../app/generated/portfolio-api.js';
import { locationMessages } from '../location-messages.js';
import { formatPhoneNumber } from './format-phone-number.js';

interface Filters {
  areaCode?: string;
  contains?: string;
}

/** The number picked and the Idempotency-Key of its purchase, made once so that a retry never buys twice. */
interface Choice {
  number: AvailablePhoneNumber;
  idempotencyKey: string;
}

/** How many available numbers the dialog lists at once. */
const AVAILABLE_PHONE_NUMBERS_LIMIT = 20;

/**
 * Select Phone Number (spec 001 section 2): available numbers for the location, by default in its own area code
 * (its number's, else its ZIP's), narrowed by area code and digits. Picking one asks for confirmation (the number,
 * the location, what it is for) before anything is bought. With a number already there, the new one replaces it.
 */
export function SelectPhoneNumberDialog({ location, open, onClose }: { location: PropertyLocation; open: boolean; onClose: () => void }) {
  const { notification } = App.useApp();
  const [filters, setFilters] = useState<Filters>({});
  const [choice, setChoice] = useState<Choice | null>(null);
  const [form] = Form.useForm<Filters>();
  const search = useSearchLocationPhoneNumbersQuery(
    { id: location.id, areaCode: filters.areaCode || undefined, contains: filters.contains || undefined, limit: AVAILABLE_PHONE_NUMBERS_LIMIT },
    { skip: !open });
  const [assign, assigning] = useAssignLocationPhoneNumberMutation();
  const [change, changing] = useChangeLocationPhoneNumberMutation();
  const busy = assigning.isLoading || changing.isLoading;
  const replacing = location.phone;
  useLoadErrorToast(open && search.isError, locationMessages.phoneNumbersFailed);

  // The area code searched is the server's choice until the manager types another: show it in the field.
  const searchedAreaCode = search.data?.areaCode;
  const confirming = choice !== null;
  useEffect(() => {
    if (!confirming && searchedAreaCode && !form.isFieldTouched('areaCode')) form.setFieldValue('areaCode', searchedAreaCode);
  }, [form, searchedAreaCode, confirming]);

  const confirm = async ({ number, idempotencyKey }: Choice) => {
    const result = replacing
      ? await change({ id: location.id, phoneNumber: number.phoneNumber })
      : await assign({ id: location.id, phoneNumber: number.phoneNumber, idempotencyKey });
    if ('error' in result) {
      notification.error({
        title: replacing ? locationMessages.phoneChangeFailed : locationMessages.phoneAssignFailed,
        description: errorMessage(result.error, '') || undefined,
      });
      return;
    }
    notification.success({ title: replacing ? locationMessages.phoneChanged : locationMessages.phoneAssigned });
    onClose();
  };

  const reset = () => {
    setFilters({});
    setChoice(null);
  };

  return (
    <Modal open={open} title={locationMessages.selectPhoneTitle} onCancel={onClose} footer={null} destroyOnHidden afterClose={reset}>
      {choice ? (
        <section aria-label="Confirm phone number">
          <Typography.Title level={4} style={{ marginTop: 0 }}>
            {formatPhoneNumber(choice.number.phoneNumber)}
          </Typography.Title>
          <Typography.Paragraph>
            {replacing ? 'Replace this property\u2019s number with ' : 'Get '}
            <Typography.Text strong>{formatPhoneNumber(choice.number.phoneNumber)}</Typography.Text> for{' '}
            <Typography.Text strong>{location.name || location.address_text}</Typography.Text>
            {location.name && location.address_text ? ` (${location.address_text})` : ''}?
          </Typography.Paragraph>
          <Typography.Paragraph>
            Texts and calls to this number will reach this property, and the assistant will draft the replies. The number
            is bought from the phone provider as soon as you confirm.
          </Typography.Paragraph>
          {replacing ? (
            <Typography.Paragraph>
              The current number, {formatPhoneNumber(replacing)}, is released once the new one is in place: texts and calls
              to it will no longer reach this property. Let your tenants know the new number.
            </Typography.Paragraph>
          ) : null}
          <Flex gap={8} justify="flex-end">
            <Button onClick={() => setChoice(null)} disabled={busy}>
              Back
            </Button>
            <Button type="primary" loading={busy} onClick={() => void confirm(choice)}>
              {replacing ? 'Change number' : 'Get this number'}
            </Button>
          </Flex>
        </section>
      ) : (
        <>
          <Form<Filters>
            form={form}
            layout="inline"
            onFinish={(values) => setFilters({ areaCode: values.areaCode?.trim() || undefined, contains: values.contains?.trim() || undefined })}
            style={{ marginBottom: 16 }}
          >
            <Form.Item label="Area code" name="areaCode" rules={contractRules(SearchLocationPhoneNumbers.request.shape.areaCode)}>
              <Input inputMode="numeric" maxLength={3} style={{ width: 80 }} />
            </Form.Item>
            {/* The service drops anything but digits from `contains`; the form asks for digits only, so what is searched is what was typed. */}
            <Form.Item label="Contains" name="contains" rules={[...contractRules(SearchLocationPhoneNumbers.request.shape.contains), { pattern: /^\d*$/, message: 'Digits only' }]}>
              <Input inputMode="numeric" style={{ width: 120 }} />
            </Form.Item>
            <Form.Item>
              <Button htmlType="submit">Search</Button>
            </Form.Item>
          </Form>
          {search.isError ? (
            <Alert type="error" showIcon role="alert" title={locationMessages.phoneNumbersFailed} />
          ) : search.isFetching ? (
            <Spin description="Searching…" />
          ) : (search.data?.numbers ?? []).length === 0 ? (
            <Empty description="No available phone numbers" />
          ) : (
            <List
              aria-label="Available phone numbers"
              header={<Typography.Text type="secondary">Numbers in area code {search.data!.areaCode}</Typography.Text>}
              dataSource={search.data!.numbers}
              renderItem={(number) => (
                <List.Item
                  actions={[
                    <Button
                      key="select"
                      type="primary"
                      aria-label={`Select ${number.friendlyName}`}
                      onClick={() => setChoice({ number, idempotencyKey: crypto.randomUUID() })}
                    >
                      Select
                    </Button>,
                  ]}
                >
                  <List.Item.Meta
                    title={number.friendlyName}
                    description={<Typography.Text type="secondary">{[number.locality, number.region].filter(Boolean).join(', ')}</Typography.Text>}
                  />
                </List.Item>
              )}
            />
          )}
        </>
      )}
    </Modal>
  );
}
