import { Button, Result, Space, Spin } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useListPaymentsQuery } from '../../../app/generated/payments-api.js';
import { LinkButton } from '../../../app/LinkButton.js';
import { selectIsRegistered, selectSessionUser } from '../../../app/session-slice.js';
import { useAppSelector } from '../../../app/useAppSelector.js';
import { rentResultTexts } from '../payment-texts.js';
import { paymentVerificationOf } from './payment-verification.js';

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
  // The payment made on this checkout session, read afresh on every visit.
  const payments = useListPaymentsQuery({ checkout_session_id: sessionId ?? '' }, { skip: !sessionId, refetchOnMountOrArgChange: true });
  const verification = paymentVerificationOf(sessionId, payments);
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
    <Result status="success" title="Payment Successful" subTitle={verification.message} extra={actions} />
  ) : (
    <Result status="error" title={verification.heading} subTitle={verification.message} extra={actions} />
  );
}
