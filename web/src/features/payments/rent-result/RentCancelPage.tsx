import { Button, Result, Space } from 'antd';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../../app/pm-shell/PageTitle.js';
import { rentResultTexts } from '../payment-texts.js';

/** /rent/cancel (spec 000 §2.3 item 17): the provider's checkout was left without paying. */
export function RentCancelPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title={<PageTitle>Payment Cancelled</PageTitle>}
      subTitle={rentResultTexts.cancelled}
      extra={
        <Space wrap>
          <Button type="primary" onClick={() => void navigate('/')}>
            {rentResultTexts.goHome}
          </Button>
          <Button onClick={() => void navigate(-1)}>{rentResultTexts.tryAgain}</Button>
        </Space>
      }
    />
  );
}
