import { Alert, App, Button, Empty, Form, Input, List, Modal, Spin, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../lib/http/error-message.js';
import { useLoadErrorToast } from '../../../lib/feedback/useLoadErrorToast.js';
import { useAssignPhoneNumberMutation, useSearchPhoneNumbersQuery } from '../api.js';
import { locationMessages } from '../location-messages.js';

interface Filters {
  areaCode?: string;
  contains?: string;
}

/**
 * Select Phone Number (spec 001 section 2): available numbers for the location (by default in the area code of its
 * state), narrowed by area code and digits; picking one assigns it to the location.
 */
export function SelectPhoneNumberDialog({ locationId, open, onClose }: { locationId: string; open: boolean; onClose: () => void }) {
  const { notification } = App.useApp();
  const [filters, setFilters] = useState<Filters>({});
  const search = useSearchPhoneNumbersQuery({ locationId, ...filters }, { skip: !open });
  const [assign, { isLoading: assigning, originalArgs }] = useAssignPhoneNumberMutation();
  useLoadErrorToast(open && search.isError, locationMessages.phoneNumbersFailed);

  const select = async (phoneNumber: string) => {
    const result = await assign({ locationId, phoneNumber });
    if ('error' in result) {
      notification.error({ title: locationMessages.phoneAssignFailed, description: errorMessage(result.error, '') || undefined });
      return;
    }
    notification.success({ title: locationMessages.phoneAssigned });
    onClose();
  };

  return (
    <Modal open={open} title={locationMessages.selectPhoneTitle} onCancel={onClose} footer={null} destroyOnHidden afterClose={() => setFilters({})}>
      <Form<Filters>
        layout="inline"
        onFinish={(values) => setFilters({ areaCode: values.areaCode?.trim() || undefined, contains: values.contains?.trim() || undefined })}
        style={{ marginBottom: 16 }}
      >
        <Form.Item label="Area code" name="areaCode" rules={[{ pattern: /^\d{0,3}$/, message: 'Area code must be up to 3 digits' }]}>
          <Input inputMode="numeric" maxLength={3} style={{ width: 80 }} />
        </Form.Item>
        <Form.Item label="Contains" name="contains" rules={[{ pattern: /^\d*$/, message: 'Digits only' }]}>
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
      ) : (search.data ?? []).length === 0 ? (
        <Empty description="No available phone numbers" />
      ) : (
        <List
          aria-label="Available phone numbers"
          dataSource={search.data}
          renderItem={(number) => (
            <List.Item
              actions={[
                <Button
                  key="select"
                  type="primary"
                  loading={assigning && originalArgs?.phoneNumber === number.phoneNumber}
                  disabled={assigning}
                  aria-label={`Select ${number.friendlyName}`}
                  onClick={() => void select(number.phoneNumber)}
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
    </Modal>
  );
}
