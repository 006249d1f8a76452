import { Button, Form, Input } from 'antd';
import { sessionUserUpdated, type SessionUser } from '../../../app/session-slice.js';
import { useAppDispatch } from '../../../app/useAppDispatch.js';
import { PhoneSchema } from '@pm/contracts';
import { contractRules } from '../../../lib/forms/contract-rules.js';
import { useUpdatePhoneMutation } from '../../../app/generated/identity-api.js';
import { ServerMessage } from './ServerMessage.js';
import { useAccountUpdate } from './useAccountUpdate.js';
import { SectionTitle } from '../../../app/pm-shell/PageTitle.js';

/** Contact details: the telephone form, and the e-mail address, which cannot change after registration. */
export function ContactTab({ user }: { user: SessionUser }) {
  const dispatch = useAppDispatch();
  const [updatePhone, { isLoading }] = useUpdatePhoneMutation();
  const { run, serverMessage } = useAccountUpdate({ success: 'Phone updated successfully', failure: 'Failed to update phone' });

  return (
    <>
      <SectionTitle style={{ marginBottom: 16 }}>Contact details</SectionTitle>
      <Form
        layout="vertical"
        requiredMark={false}
        initialValues={{ phone: user.phone ?? '' }}
        onFinish={(values: { phone: string }) =>
          void run(
            () => updatePhone({ phone: values.phone.trim() }),
            (updated) => dispatch(sessionUserUpdated(updated as SessionUser)),
          )
        }
        style={{ maxWidth: 420 }}
      >
        <Form.Item label="Phone Number" name="phone" rules={contractRules(PhoneSchema)}>
          <Input type="tel" autoComplete="tel" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Save Phone
        </Button>
        <ServerMessage message={serverMessage} />
      </Form>
      <Form layout="vertical" style={{ maxWidth: 420, marginTop: 24 }}>
        <Form.Item label="Email" htmlFor="account-email" extra="Your email address cannot be changed after registration.">
          <Input id="account-email" value={user.email ?? ''} readOnly disabled />
        </Form.Item>
      </Form>
    </>
  );
}
