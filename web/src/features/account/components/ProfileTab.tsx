import { Button, Form, Input } from 'antd';
import { sessionUserUpdated, type SessionUser } from '../../../app/session-slice.js';
import { useAppDispatch } from '../../../app/useAppDispatch.js';
import { FullNameSchema } from '@pm/contracts';
import { contractRules } from '../../../lib/forms/contract-rules.js';
import { useUpdateFullNameMutation } from '../../../app/generated/identity-api.js';
import { ServerMessage } from './ServerMessage.js';
import { useAccountUpdate } from './useAccountUpdate.js';
import { SectionTitle } from '../../../app/pm-shell/PageTitle.js';

export function ProfileTab({ user }: { user: SessionUser }) {
  const dispatch = useAppDispatch();
  const [updateFullName, { isLoading }] = useUpdateFullNameMutation();
  const { run, serverMessage } = useAccountUpdate({ success: 'Full name updated successfully', failure: 'Failed to update full name' });

  return (
    <>
      <SectionTitle style={{ marginBottom: 16 }}>Profile</SectionTitle>
      <Form
        layout="vertical"
        requiredMark={false}
        initialValues={{ full_name: user.full_name ?? '' }}
        onFinish={(values: { full_name: string }) =>
          void run(
            () => updateFullName({ full_name: values.full_name.trim() }),
            (updated) => dispatch(sessionUserUpdated(updated as SessionUser)),
          )
        }
        style={{ maxWidth: 420 }}
      >
        <Form.Item label="Full Name" name="full_name" rules={contractRules(FullNameSchema)}>
          <Input autoComplete="name" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Save Full Name
        </Button>
        <ServerMessage message={serverMessage} />
      </Form>
    </>
  );
}
