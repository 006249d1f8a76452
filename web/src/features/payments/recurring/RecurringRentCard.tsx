import { type RegenerateSubscriptionLink, type RentSubscription, type ResponseOf } from '@pm/contracts';
import { Alert, Button, Card, Empty, Flex, List, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useListUnitRentSubscriptionsQuery, useRegenerateSubscriptionLinkMutation } from '../../../app/generated/payments-api.js';
import { useFeedback } from '../../../app/feedback/useFeedback.js';
import { SectionTitle } from '../../../app/pm-shell/PageTitle.js';
import { useLoadErrorToast } from '../../../lib/feedback/useLoadErrorToast.js';
import { formatCents } from '../../../lib/format/money.js';
import { errorMessage } from '../../../lib/http/error-message.js';
import { CompleteOnboardingAlert, CopyableLink, isOnboardingMissing } from '../link-parts.js';
import { rentTexts } from '../payment-texts.js';
import { formatDay } from '../rent-format.js';
import { CancelRecurringPaymentDialog } from './CancelRecurringPaymentDialog.js';
import { recurringTexts, subscriptionStatusTags } from './recurring-texts.js';

type RecurringLink = ResponseOf<typeof RegenerateSubscriptionLink>;

/**
 * The unit's recurring rent (spec 001 §2 unit rent view: Cancel Recurring Payment; §9: recurring rent shown as an
 * amount per month): each subscription with its state and next payment, and a link the tenant signs up on with their
 * bank account. A manager cancels; only the tenant changes the next payment date (spec 001 §5).
 */
export function RecurringRentCard({ unitId, canWrite }: { unitId: string; canWrite: boolean }) {
  const subscriptions = useListUnitRentSubscriptionsQuery({ id: unitId });
  useLoadErrorToast(subscriptions.isError, recurringTexts.loadFailed);
  const [cancelling, setCancelling] = useState<RentSubscription | null>(null);
  const running = (subscriptions.data ?? []).some((s) => s.status !== 'canceled' && !s.cancel_at_period_end);

  return (
    <Card title={<SectionTitle>{recurringTexts.title}</SectionTitle>}>
      <Flex vertical gap="middle">
        {subscriptions.isError ? <Alert type="error" showIcon role="alert" title={recurringTexts.loadFailed} description={errorMessage(subscriptions.error, '')} /> : null}
        {subscriptions.data && subscriptions.data.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={recurringTexts.none} /> : null}
        {subscriptions.data && subscriptions.data.length > 0 ? (
          <List
            size="small"
            dataSource={subscriptions.data}
            renderItem={(subscription) => (
              <List.Item
                actions={
                  canWrite && subscription.status !== 'canceled' && !subscription.cancel_at_period_end
                    ? [
                        <Button key="cancel" danger size="small" onClick={() => setCancelling(subscription)}>
                          {recurringTexts.cancelTitle}
                        </Button>,
                      ]
                    : []
                }
              >
                <SubscriptionSummary subscription={subscription} />
              </List.Item>
            )}
          />
        ) : null}
        {canWrite && subscriptions.data && !running ? <RecurringLinkButton unitId={unitId} /> : null}
      </Flex>
      {cancelling ? <CancelRecurringPaymentDialog subscription={cancelling} failure={recurringTexts.cancelRentFailed} open onClose={() => setCancelling(null)} /> : null}
    </Card>
  );
}

/** One recurring payment: "$1,500.00 / month", its state, and when the next debit is (or when it ends). */
export function SubscriptionSummary({ subscription }: { subscription: RentSubscription }) {
  const tag = subscription.cancel_at_period_end && subscription.status !== 'canceled' ? { label: 'Cancels at period end', color: 'warning' } : subscriptionStatusTags[subscription.status];
  const when = subscription.date
    ? `Next payment ${formatDay(subscription.date)}`
    : subscription.status === 'canceled'
      ? `Cancelled${subscription.canceled_at ? ` ${formatDay(subscription.canceled_at)}` : ''}`
      : `Ends ${formatDay(subscription.current_period_end)}`;
  return (
    <Space wrap>
      <Typography.Text strong>{`${formatCents(subscription.amount)} / month`}</Typography.Text>
      <Tag color={tag.color}>{tag.label}</Tag>
      <Typography.Text type="secondary">{`ACH (bank) · ${when}`}</Typography.Text>
    </Space>
  );
}

/** Generate recurring payment link (POST unit/{id}/regenerate-subscription-link), shown with a copy button. */
function RecurringLinkButton({ unitId }: { unitId: string }) {
  const { notification } = useFeedback();
  const [generate, { isLoading }] = useRegenerateSubscriptionLinkMutation();
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [link, setLink] = useState<RecurringLink | null>(null);
  const [needsOnboarding, setNeedsOnboarding] = useState(false);

  const run = async () => {
    setNeedsOnboarding(false);
    try {
      setLink(await generate({ id: unitId, idempotencyKey: key }).unwrap());
      setKey(crypto.randomUUID());
      notification.success({ title: recurringTexts.linkGenerated });
    } catch (error) {
      if (isOnboardingMissing(error)) {
        setNeedsOnboarding(true);
        notification.warning({ title: rentTexts.completeOnboarding });
        return;
      }
      const message = errorMessage(error, '');
      notification.error({ title: recurringTexts.linkFailed, ...(message ? { description: message } : {}) });
    }
  };

  return (
    <Flex vertical gap="small">
      <Space wrap>
        <Button loading={isLoading} onClick={() => void run()}>
          {recurringTexts.generate}
        </Button>
      </Space>
      {needsOnboarding ? <CompleteOnboardingAlert /> : null}
      {link ? (
        <Flex vertical gap={4}>
          <Typography.Text strong>{`ACH (bank): ${formatCents(link.amount)} / month, first payment ${formatDay(link.first_payment_date)}`}</Typography.Text>
          <CopyableLink url={link.url} label="Recurring payment link" />
        </Flex>
      ) : null}
    </Flex>
  );
}
