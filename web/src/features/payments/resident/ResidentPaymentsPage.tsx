import type { PaymentRecord, RentSubscription } from '@pm/contracts';
import { Alert, Button, Card, Flex, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useGeneratePaymentLinkMutation, useListPaymentsQuery, useListSubscriptionsQuery } from '../../../app/generated/payments-api.js';
import { useFeedback } from '../../../app/feedback/useFeedback.js';
import { useLoadErrorToast } from '../../../lib/feedback/useLoadErrorToast.js';
import { formatCents } from '../../../lib/format/money.js';
import { errorMessage } from '../../../lib/http/error-message.js';
import { CancelRecurringPaymentDialog } from '../recurring/CancelRecurringPaymentDialog.js';
import { ChangeNextPaymentDateDialog } from '../recurring/ChangeNextPaymentDateDialog.js';
import { recurringTexts } from '../recurring/recurring-texts.js';
import { SubscriptionSummary } from '../recurring/RecurringRentCard.js';
import { formatDay, todayIn } from '../rent-format.js';

/** Spec 002 §2, §4 and §8, word for word; our own words where the spec has none (marked). */
export const residentPaymentTexts = {
  title: 'Payments: History',
  intro: 'View your payment history and manage your recurring rent ACH payment.',
  makePayment: 'Make Payment',
  redirecting: 'Redirecting to payment page. Please wait...',
  linkFailed: 'Failed to generate payment link. Please try again.',
  // Ours.
  loadFailed: 'Could not load your payments.',
  subscriptionsLoadFailed: 'Could not load your recurring payment.',
  activeSubscription: 'Your recurring rent payment',
  noPayments: 'No payments yet.',
  makePaymentDisabled: 'Your recurring payment pays the rent: cancel it to pay another way.',
} as const;

const goTo = (url: string) => window.location.assign(url);

/** Spec 002 §4: the delay before the page goes to the checkout (002 §9: 3 seconds). */
export const PAYMENT_REDIRECT_DELAY_MS = 3_000;

/**
 * Spec 002 §4: colours by status: success for completed or active, warning for pending, error otherwise. An ACH
 * payment the bank has not settled is "processing" here, the spec's pending.
 */
export function paymentStatusColor(status: string): 'success' | 'warning' | 'error' {
  if (status === 'completed' || status === 'active') return 'success';
  if (status === 'pending' || status === 'processing') return 'warning';
  return 'error';
}

/**
 * Spec 002 §4: the active subscription is the first active one from the subscription list, or else an active rent
 * payment flagged as a subscription (the shape the list falls back to).
 */
export function activeSubscriptionOf(subscriptions: readonly RentSubscription[] | undefined, payments: readonly PaymentRecord[] | undefined): RentSubscription | PaymentRecord | null {
  const running = subscriptions?.find((s) => (s.status === 'active' || s.status === 'trialing') && !s.cancel_at_period_end);
  if (running) return running;
  return payments?.find((p) => p.isSubscription && p.status === 'active' && p.type === 'rent') ?? null;
}

/**
 * /resident/payments (spec 002 Payments): the resident's payment history, newest first, Make Payment (a checkout by
 * bank account for what their unit owes, back to this page), and their recurring rent payment with its cancel and
 * next-date changes.
 */
export function ResidentPaymentsPage({ navigateTo = goTo }: { navigateTo?: (url: string) => void }) {
  const { notification } = useFeedback();
  const payments = useListPaymentsQuery();
  const subscriptions = useListSubscriptionsQuery();
  useLoadErrorToast(payments.isError, residentPaymentTexts.loadFailed);
  useLoadErrorToast(subscriptions.isError, residentPaymentTexts.subscriptionsLoadFailed);
  const [generate, { isLoading }] = useGeneratePaymentLinkMutation();
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [redirecting, setRedirecting] = useState(false);
  const [dialog, setDialog] = useState<'cancel' | 'date' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const active = activeSubscriptionOf(subscriptions.data, payments.data);
  const subscription = active && 'subscriptionId' in active && 'cancel_at_period_end' in active ? active : null;
  const today = todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);

  const makePayment = async () => {
    const here = window.location.href;
    try {
      const { checkoutUrl } = await generate({ amount: 0, type: 'rent', description: 'Rent payment', success_url: here, cancel_url: here, idempotencyKey: key }).unwrap();
      setKey(crypto.randomUUID());
      setRedirecting(true);
      notification.info({ title: residentPaymentTexts.redirecting });
      timer.current = setTimeout(() => {
        navigateTo(checkoutUrl);
        void payments.refetch();
      }, PAYMENT_REDIRECT_DELAY_MS);
    } catch (error) {
      notification.error({ title: errorMessage(error, '') || residentPaymentTexts.linkFailed });
    }
  };

  const rows = [...(payments.data ?? [])].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));

  return (
    <Flex vertical gap="large" style={{ maxWidth: 1080, margin: '0 auto', width: '100%' }}>
      <Flex justify="space-between" align="center" wrap gap="middle">
        <Typography.Title level={1} style={{ margin: 0 }}>
          {residentPaymentTexts.title}
        </Typography.Title>
        <Button type="primary" loading={isLoading || redirecting} disabled={active !== null} title={active ? residentPaymentTexts.makePaymentDisabled : undefined} onClick={() => void makePayment()}>
          {residentPaymentTexts.makePayment}
        </Button>
      </Flex>
      <Typography.Paragraph>{residentPaymentTexts.intro}</Typography.Paragraph>
      {redirecting ? <Alert type="info" showIcon title={residentPaymentTexts.redirecting} /> : null}
      {subscription ? (
        <Card title={residentPaymentTexts.activeSubscription}>
          <Flex justify="space-between" align="center" wrap gap="middle">
            <SubscriptionSummary subscription={subscription} />
            <Space wrap>
              <Button onClick={() => setDialog('date')}>{recurringTexts.changeDateTitle}</Button>
              <Button danger onClick={() => setDialog('cancel')}>
                {recurringTexts.cancelTitle}
              </Button>
            </Space>
          </Flex>
          {dialog === 'cancel' ? <CancelRecurringPaymentDialog subscription={subscription} failure={recurringTexts.cancelFailed} open onClose={() => setDialog(null)} /> : null}
          {dialog === 'date' ? <ChangeNextPaymentDateDialog subscription={subscription} today={today} open onClose={() => setDialog(null)} /> : null}
        </Card>
      ) : null}
      {payments.isError ? <Alert type="error" showIcon role="alert" title={residentPaymentTexts.loadFailed} description={errorMessage(payments.error, '')} /> : null}
      <Table<PaymentRecord>
        rowKey="id"
        loading={payments.isLoading}
        dataSource={rows}
        locale={{ emptyText: residentPaymentTexts.noPayments }}
        scroll={{ x: true }}
        columns={[
          { title: 'Date', dataIndex: 'date', render: (date: string) => formatDay(date) },
          { title: 'Description', dataIndex: 'description' },
          { title: 'Amount', dataIndex: 'amount', align: 'right', render: (amount: number) => formatCents(amount) },
          {
            title: 'Status',
            dataIndex: 'status',
            render: (status: string) => <Tag color={paymentStatusColor(status)}>{status.replace('_', ' ')}</Tag>,
          },
        ]}
      />
    </Flex>
  );
}
