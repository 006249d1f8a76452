import { Card, Flex, List, Typography } from 'antd';
import { Link } from 'react-router';
import { selectSessionUser } from '../../app/session-slice.js';
import { useAppSelector } from '../../app/useAppSelector.js';

/**
 * /resident/dashboard: where a resident lands after signing in. The resident portal (spec 002) is being built, so the
 * page says plainly what a resident account does today (messages, settings) and what does not need one.
 */
export function ResidentHomePage() {
  const user = useAppSelector(selectSessionUser);
  const firstName = user?.full_name?.trim().split(/\s+/)[0];
  return (
    <Flex vertical gap="large" style={{ maxWidth: 720, margin: '0 auto' }}>
      <Typography.Title level={1}>{firstName ? `Welcome, ${firstName}` : 'Welcome'}</Typography.Title>
      <Card title="Your resident account">
        <List
          dataSource={[
            <>
              Reach your property by text, phone or e-mail at the number and address in your invitation e-mail. You never
              need to sign in for that: your property manager answers you there.
            </>,
            <>
              Read your conversations with your property and write to them on your <Link to="/resident/communication">messages</Link> page.
            </>,
            <>
              Keep your name, phone number and password up to date in your <Link to="/resident/account">account settings</Link>,
              so your property manager can reach you.
            </>,
            <>
              Pay your rent by bank account and see every payment you made on your <Link to="/resident/payments">payments</Link> page, where
              you also manage your recurring rent payment.
            </>,
            <>Your lease and maintenance requests will join them here.</>,
          ]}
          renderItem={(item) => <List.Item>{item}</List.Item>}
        />
      </Card>
    </Flex>
  );
}
