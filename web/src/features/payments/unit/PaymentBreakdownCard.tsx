import { PAYMENT_LINKS_SENT, type GenerateRentLink, type PaymentBreakdown, type ResponseOf } from '@pm/contracts';
import { Alert, Button, Card, Descriptions, Flex, List, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useGenerateRentLinkMutation, useGetPaymentBreakdownQuery, useSendPaymentLinkEmailMutation } from '../../../app/generated/payments-api.js';
import { useFeedback } from '../../../app/feedback/useFeedback.js';
import { SectionTitle } from '../../../app/pm-shell/PageTitle.js';
import { useLoadErrorToast } from '../../../lib/feedback/useLoadErrorToast.js';
import { formatCents } from '../../../lib/format/money.js';
import { errorMessage } from '../../../lib/http/error-message.js';
import { CompleteOnboardingAlert, CopyableLink, isOnboardingMissing } from '../link-parts.js';
import { rentTexts } from '../payment-texts.js';
import { linkMethodLabels } from '../rent-format.js';

type MethodRow = PaymentBreakdown['methods'][number];
type PaymentLink = ResponseOf<typeof GenerateRentLink>['links'][number];

/**
 * The payment breakdown (spec 001 §2 unit rent view): what is owed now and, per method, its fee and total (spec 001
 * §9: ACH shown with a fee of 0 as the lowest-fee recommended method), with Generate payment links.
 */
export function PaymentBreakdownCard({ unitId, canWrite }: { unitId: string; canWrite: boolean }) {
  const breakdown = useGetPaymentBreakdownQuery({ id: unitId });
  useLoadErrorToast(breakdown.isError, rentTexts.breakdownLoadFailed);
  const owed = breakdown.data;

  return (
    <Card title={<SectionTitle>Payment breakdown</SectionTitle>}>
      <Flex vertical gap="middle">
        {breakdown.isError ? <Alert type="error" showIcon role="alert" title={rentTexts.breakdownLoadFailed} description={errorMessage(breakdown.error, '')} /> : null}
        {owed ? (
          <>
            <Descriptions column={{ xs: 1, md: 4 }} size="small">
              <Descriptions.Item label="Rent">{formatCents(owed.rent)}</Descriptions.Item>
              <Descriptions.Item label="Balance">{formatCents(owed.balance)}</Descriptions.Item>
              <Descriptions.Item label="Processing">{formatCents(owed.processing)}</Descriptions.Item>
              <Descriptions.Item label="Amount due">{formatCents(owed.amount_due)}</Descriptions.Item>
            </Descriptions>
            <Table<MethodRow>
              rowKey="method"
              size="small"
              pagination={false}
              dataSource={owed.methods}
              columns={[
                {
                  title: 'Method',
                  dataIndex: 'method',
                  render: (method: MethodRow['method'], row) => (
                    <Space wrap>
                      {linkMethodLabels[method]}
                      {row.recommended ? <Tag color="success">Recommended</Tag> : null}
                      {row.recommended ? <Typography.Text type="secondary">{rentTexts.achDescription}</Typography.Text> : null}
                    </Space>
                  ),
                },
                { title: 'Fee', dataIndex: 'fee', align: 'right', render: (fee: number) => formatCents(fee) },
                { title: 'Total', dataIndex: 'total', align: 'right', render: (total: number) => formatCents(total) },
              ]}
            />
          </>
        ) : null}
        {canWrite ? <PaymentLinks unitId={unitId} /> : null}
      </Flex>
    </Card>
  );
}

/**
 * Generate payment links: one checkout link per method, each shown with a copy button; or the same links e-mailed to
 * the unit's current tenants.
 */
function PaymentLinks({ unitId }: { unitId: string }) {
  const { notification } = useFeedback();
  const [generate, { isLoading }] = useGenerateRentLinkMutation();
  const [sendEmail, emailing] = useSendPaymentLinkEmailMutation();
  // One key per request for links: a retried request creates the links once; asking again later makes new ones.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [emailKey, setEmailKey] = useState(() => crypto.randomUUID());
  const [links, setLinks] = useState<PaymentLink[]>([]);
  const [needsOnboarding, setNeedsOnboarding] = useState(false);

  const warnedOnboarding = (error: unknown) => {
    if (!isOnboardingMissing(error)) return false;
    setNeedsOnboarding(true);
    notification.warning({ title: rentTexts.completeOnboarding });
    return true;
  };

  const email = async () => {
    setNeedsOnboarding(false);
    try {
      const answer = await sendEmail({ unit_id: unitId, idempotencyKey: emailKey }).unwrap();
      setEmailKey(crypto.randomUUID());
      notification.success({ title: answer.message || PAYMENT_LINKS_SENT });
    } catch (error) {
      if (warnedOnboarding(error)) return;
      const message = errorMessage(error, '');
      notification.error({ title: rentTexts.emailFailed, ...(message ? { description: message } : {}) });
    }
  };

  const run = async () => {
    setNeedsOnboarding(false);
    try {
      const answer = await generate({ id: unitId, idempotencyKey: key }).unwrap();
      setLinks(answer.links);
      setKey(crypto.randomUUID());
      notification.success({ title: rentTexts.linkGenerated });
    } catch (error) {
      if (warnedOnboarding(error)) return;
      const message = errorMessage(error, '');
      notification.error({ title: rentTexts.linkFailed, ...(message ? { description: message } : {}) });
    }
  };

  return (
    <Flex vertical gap="small">
      <Space wrap>
        <Button type="primary" loading={isLoading} onClick={() => void run()}>
          Generate payment links
        </Button>
        <Button loading={emailing.isLoading} onClick={() => void email()}>
          Email payment links to tenants
        </Button>
      </Space>
      {needsOnboarding ? <CompleteOnboardingAlert /> : null}
      {links.length > 0 ? (
        <List
          size="small"
          bordered
          dataSource={links}
          renderItem={(link) => {
            const label = `${linkMethodLabels[link.method]} payment link`;
            return (
              <List.Item>
                <Flex vertical gap={4} style={{ width: '100%' }}>
                  <Typography.Text strong>{`${linkMethodLabels[link.method]}: ${formatCents(link.total)} (fee ${formatCents(link.fee)})`}</Typography.Text>
                  <CopyableLink url={link.url} label={label} />
                </Flex>
              </List.Item>
            );
          }}
        />
      ) : null}
    </Flex>
  );
}
