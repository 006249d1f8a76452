import type { PaidPlanKey, Plan, PlanSubscription } from '@pm/contracts';
import { Alert, Button, Card, Col, Descriptions, Flex, Popconfirm, Row, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { paymentsApi, useGetCurrentSubscriptionQuery, useListSubscriptionPlansQuery, useStartSubscriptionCheckoutMutation } from '../../../app/generated/payments-api.js';
import { useFeedback } from '../../../app/feedback/useFeedback.js';
import { SectionTitle } from '../../../app/pm-shell/PageTitle.js';
import { product } from '../../../app/product.js';
import { useLoadErrorToast } from '../../../lib/feedback/useLoadErrorToast.js';
import { contactSalesHref } from '../../../app/product.js';
import { subscriptionTexts } from '../payment-texts.js';
import { formatDate, planFigures, planHighlights, statusLabels } from './subscription-format.js';

/** Spec 000 §9: after the checkout's return the page refreshes the subscription after 2 seconds (the webhook's time). */
export const SUCCESS_REFRESH_MS = 2_000;

const goTo = (url: string) => window.location.assign(url);
const openTab = (url: string) => void window.open(url, '_blank', 'noopener,noreferrer');

function CurrentPlan({ subscription, planName, onCancel, cancelling }: { subscription: PlanSubscription | null; planName: string; onCancel: () => void; cancelling: boolean }) {
  const status = subscription ? statusLabels[subscription.status] : null;
  return (
    <Card size="small">
      <Descriptions column={1} size="small" title="Current plan">
        <Descriptions.Item label="Plan">
          <Flex gap="small" align="center">
            <strong>{planName}</strong>
            {status ? <Tag color={status.color}>{status.label}</Tag> : null}
          </Flex>
        </Descriptions.Item>
        {subscription?.trialEndsAt ? <Descriptions.Item label="Trial ends">{formatDate(subscription.trialEndsAt)}</Descriptions.Item> : null}
        {subscription?.nextBilledAt ? <Descriptions.Item label="Next payment">{`$${(subscription.amount / 100).toFixed(2)} on ${formatDate(subscription.nextBilledAt)}`}</Descriptions.Item> : null}
        {subscription?.cancelAt ? <Descriptions.Item label="Cancels on">{formatDate(subscription.cancelAt)}</Descriptions.Item> : null}
      </Descriptions>
      {subscription && !subscription.cancelAt ? (
        <Button danger loading={cancelling} onClick={onCancel} style={{ marginTop: 8 }}>
          Cancel subscription
        </Button>
      ) : null}
    </Card>
  );
}

function PlanCard({ plan, current, action }: { plan: Plan; current: boolean; action: React.ReactNode }) {
  return (
    <Card style={{ height: '100%' }} styles={{ body: { height: '100%' } }}>
      <Flex vertical gap="small" style={{ height: '100%' }}>
        <Flex justify="space-between" align="center">
          <Typography.Title level={3} style={{ margin: 0, fontSize: 18 }}>
            {plan.name}
          </Typography.Title>
          {current ? <Tag color="success">Current plan</Tag> : null}
        </Flex>
        <p style={{ margin: 0 }}>
          <span style={{ fontSize: 24, fontWeight: 600 }}>{planFigures.monthly(plan)}</span>
          {plan.price === null ? null : <span className="pm-muted"> a month</span>}
        </p>
        <p className="pm-muted" style={{ margin: 0 }}>
          {[planFigures.perUnit(plan), planFigures.units(plan), planFigures.users(plan), planFigures.storage(plan)].filter(Boolean).join(' · ')}
        </p>
        <ul style={{ margin: 0, paddingLeft: 18, flex: 1 }}>
          {planHighlights(plan).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {action}
      </Flex>
    </Card>
  );
}

/**
 * The subscription plans screen (spec 001 §2, 000 §9), on /property-manager/subscription and the account's
 * Subscription tab: the account's current plan (from GET paddle/subscription/current) with its cancellation link
 * (opened in a new tab), and the plans (GET paddle/subscription/plans), each sold one's "Get started" going to the
 * billing provider's checkout. The checkout returns with ?success=true: the subscription is refreshed after 2 s.
 */
export function SubscriptionPlans({ navigateTo = goTo, openInNewTab = openTab }: { navigateTo?: (url: string) => void; openInNewTab?: (url: string) => void }) {
  const { notification } = useFeedback();
  const [search, setSearch] = useSearchParams();
  const plans = useListSubscriptionPlansQuery();
  const current = useGetCurrentSubscriptionQuery();
  const [checkout] = useStartSubscriptionCheckoutMutation();
  const [cancelLink, cancelState] = paymentsApi.endpoints.getSubscriptionCancelLink.useLazyQuery();
  const [startingPlan, setStartingPlan] = useState<PaidPlanKey | null>(null);
  const returned = search.get('success') === 'true';
  useLoadErrorToast(plans.isError, subscriptionTexts.plansLoadFailed);
  useLoadErrorToast(current.isError, subscriptionTexts.currentLoadFailed);

  const { refetch } = current;
  useEffect(() => {
    if (!returned) return;
    const timer = setTimeout(() => {
      void refetch();
      setSearch((params) => {
        params.delete('success');
        return params;
      }, { replace: true });
    }, SUCCESS_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [returned, refetch, setSearch]);

  const start = async (plan: PaidPlanKey) => {
    setStartingPlan(plan);
    try {
      const { url } = await checkout({ plan, idempotencyKey: crypto.randomUUID() }).unwrap();
      navigateTo(url);
    } catch {
      notification.error({ title: subscriptionTexts.checkoutFailed });
      setStartingPlan(null);
    }
  };

  const cancel = async (id: string) => {
    try {
      const { cancelUrl } = await cancelLink({ id }, false).unwrap();
      if (cancelUrl) openInNewTab(cancelUrl);
      else notification.error({ title: subscriptionTexts.cancelLinkMissing });
    } catch {
      notification.error({ title: subscriptionTexts.cancelLinkFailed });
    }
  };

  const subscription = current.data?.subscription ?? null;
  const currentKey = current.data?.plan ?? null;
  const planName = plans.data?.plans.find((plan) => plan.id === currentKey)?.name ?? subscription?.planName ?? 'Free';

  const actionOf = (plan: Plan) => {
    if (plan.id === currentKey) return null;
    if (plan.contactSales) {
      return (
        <Button href={contactSalesHref} block>
          Contact sales
        </Button>
      );
    }
    if (!plan.checkout) return null;
    const key = plan.id as PaidPlanKey;
    const button = (
      <Button type={plan.id === 'growth' ? 'primary' : 'default'} block loading={startingPlan === key} disabled={startingPlan !== null && startingPlan !== key} aria-label={`Get started with ${plan.name}`} onClick={subscription ? undefined : () => void start(key)}>
        Get started
      </Button>
    );
    // With a plan already, the subscription moves to this one and the difference is charged now: asked first.
    return subscription ? (
      <Popconfirm title={`Move your subscription to ${plan.name}?`} description="The difference for the rest of this period is charged to your card now." okText="Move" onConfirm={() => void start(key)}>
        {button}
      </Popconfirm>
    ) : (
      button
    );
  };

  return (
    <Flex vertical gap="middle">
      <SectionTitle>Subscription</SectionTitle>
      {returned ? <Alert type="success" showIcon title={subscriptionTexts.checkoutReturned} /> : null}
      {current.isLoading ? <Spin description="Loading…" /> : null}
      {current.isError ? <Alert type="error" showIcon role="alert" title={subscriptionTexts.currentLoadFailed} /> : null}
      {current.data ? <CurrentPlan subscription={subscription} planName={planName} cancelling={cancelState.isFetching} onCancel={() => void cancel(subscription!.id)} /> : null}
      <Typography.Paragraph className="pm-muted" style={{ margin: 0 }}>
        Every paid plan starts with a 30-day free trial. Plans are billed monthly by our payment provider, Paddle, on behalf of {product.name}.
      </Typography.Paragraph>
      {plans.isLoading ? <Spin description="Loading…" /> : null}
      {plans.isError ? <Alert type="error" showIcon role="alert" title={subscriptionTexts.plansLoadFailed} /> : null}
      {plans.data ? (
        <Row gutter={[16, 16]}>
          {plans.data.plans.map((plan) => (
            <Col key={plan.id} xs={24} sm={12} xl={8}>
              <PlanCard plan={plan} current={plan.id === currentKey} action={actionOf(plan)} />
            </Col>
          ))}
        </Row>
      ) : null}
    </Flex>
  );
}
