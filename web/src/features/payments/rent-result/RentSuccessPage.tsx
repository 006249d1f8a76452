import { Button, Result, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useGetCheckoutPaymentQuery } from '../../../app/generated/payments-api.js';
import { LinkButton } from '../../../app/LinkButton.js';
import { PageTitle } from '../../../app/pm-shell/PageTitle.js';
import { selectIsRegistered, selectSessionUser } from '../../../app/session-slice.js';
import { useAppSelector } from '../../../app/useAppSelector.js';
import { rentResultTexts } from '../payment-texts.js';
import { VERIFICATION_POLL_MS, VERIFICATION_WAIT_MS, paymentVerificationOf } from './payment-verification.js';

/**
 * The signed-in user's payment history: the manager's rent page. A resident's (/resident/payments) is not built yet,
 * so a resident is offered none rather than a link that leads home.
 */
const historyPathOf = (accountType: string | null | undefined) => (accountType === 'resident' ? null : '/property-manager/rent');

/** /rent/success (spec 000 §2.3 item 16, §4.5): where the provider's checkout returns after a payment. */
export function RentSuccessPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signedIn = useAppSelector(selectIsRegistered);
  const user = useAppSelector(selectSessionUser);
  const sessionId = params.get('session_id');
  // The payment made on this checkout session (a public call: the payer may have no account), read afresh on every
  // visit and again every 2 s while the provider's webhook has not yet put it in the ledger.
  const [waiting, setWaiting] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setWaiting(false), VERIFICATION_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const payments = useGetCheckoutPaymentQuery(
    { id: sessionId ?? '' },
    { skip: !sessionId, refetchOnMountOrArgChange: true, pollingInterval: waiting ? VERIFICATION_POLL_MS : 0 },
  );
  const verification = paymentVerificationOf(sessionId, payments, waiting);
  const historyPath = signedIn ? historyPathOf(user?.account_type) : null;

  const actions = (
    <Space wrap>
      {historyPath ? (
        <LinkButton type="primary" to={historyPath}>
          View Payment History
        </LinkButton>
      ) : null}
      <Button onClick={() => void navigate('/')}>{rentResultTexts.goHome}</Button>
    </Space>
  );

  if (verification.state === 'verifying') return <Spin size="large" description="Verifying your payment…" style={{ display: 'block', padding: 64 }} />;
  return verification.state === 'verified' ? (
    <Result status="success" title={<PageTitle>Payment Successful</PageTitle>} subTitle={verification.message} extra={actions} />
  ) : (
    <Result status="error" title={<PageTitle>{verification.heading}</PageTitle>} subTitle={verification.message} extra={actions} />
  );
}
