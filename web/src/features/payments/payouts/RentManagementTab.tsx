import { Alert, Button, Descriptions, Flex, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useCreateConnectDashboardLinkMutation, useGetConnectAccountStatusQuery, useStartConnectOnboardingMutation } from '../../../app/generated/payments-api.js';
import { useFeedback } from '../../../app/feedback/useFeedback.js';
import { SectionTitle } from '../../../app/pm-shell/PageTitle.js';
import { product } from '../../../app/product.js';
import { useLoadErrorToast } from '../../../lib/feedback/useLoadErrorToast.js';
import { payoutTexts } from '../payment-texts.js';
import { payoutViewOf } from './payout-state.js';

/** Spec 000 §9: a Stripe button shows its loading state for 5 s (the page is on its way to Stripe meanwhile). */
export const STRIPE_BUTTON_LOADING_MS = 5_000;

const goTo = (url: string) => window.location.assign(url);
const openTab = (url: string) => void window.open(url, '_blank', 'noopener,noreferrer');

/** A button's loading state held for `ms` from the click, whatever the call does meanwhile. */
function useHeldLoading(ms: number): [boolean, () => void] {
  const [held, setHeld] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const hold = () => {
    setHeld(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setHeld(false), ms);
  };
  return [held, hold];
}

const urlOf = (answer: { url?: unknown } | undefined) => (typeof answer?.url === 'string' && answer.url ? answer.url : null);

/**
 * The account's Rent Management tab (spec 000 §2.3 item 19, §4.8): the Stripe payout account's state (Active,
 * Onboarding Incomplete / Verification Pending, Not Connected), the connect button unless Active (the page goes to
 * Stripe's onboarding), the dashboard button only when Active (opened in a new tab), and the disclaimer.
 */
export function RentManagementTab({ navigateTo = goTo, openInNewTab = openTab }: { navigateTo?: (url: string) => void; openInNewTab?: (url: string) => void }) {
  const { notification } = useFeedback();
  const status = useGetConnectAccountStatusQuery();
  const [onboard] = useStartConnectOnboardingMutation();
  const [dashboardLink] = useCreateConnectDashboardLinkMutation();
  const [connecting, holdConnecting] = useHeldLoading(STRIPE_BUTTON_LOADING_MS);
  const [opening, holdOpening] = useHeldLoading(STRIPE_BUTTON_LOADING_MS);
  useLoadErrorToast(status.isError, payoutTexts.statusLoadFailed);
  const view = status.data ? payoutViewOf(status.data) : null;

  const connect = async () => {
    holdConnecting();
    try {
      const url = urlOf(await onboard({ idempotencyKey: crypto.randomUUID() }).unwrap());
      if (url) navigateTo(url);
      else notification.error({ title: payoutTexts.onboardingLinkMissing });
    } catch {
      notification.error({ title: payoutTexts.onboardingFailed });
    }
  };

  const openDashboard = async () => {
    holdOpening();
    try {
      const url = urlOf(await dashboardLink().unwrap());
      if (url) openInNewTab(url);
      else notification.error({ title: payoutTexts.dashboardLinkMissing });
    } catch {
      notification.error({ title: payoutTexts.dashboardFailed });
    }
  };

  return (
    <Flex vertical gap="middle" style={{ maxWidth: 720 }}>
      <SectionTitle>Stripe Payouts</SectionTitle>
      <Typography.Paragraph>Tenants pay rent through Stripe into your own connected Stripe account, which pays it out to your bank.</Typography.Paragraph>
      {status.isLoading ? <Spin description="Loading…" /> : null}
      {status.isError ? <Alert type="error" showIcon role="alert" title={payoutTexts.statusUnavailable} /> : null}
      {view ? (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="Payout account">
            <Tag color={view.color}>{view.state}</Tag>
          </Descriptions.Item>
        </Descriptions>
      ) : null}
      {!status.isLoading ? (
        <Space wrap>
          {!view || view.showConnect ? (
            <Button type="primary" loading={connecting} onClick={() => void connect()}>
              {view?.connectLabel ?? 'Connect Stripe Account'}
            </Button>
          ) : null}
          {view?.showDashboard ? (
            <Button loading={opening} onClick={() => void openDashboard()}>
              Open Stripe Dashboard
            </Button>
          ) : null}
        </Space>
      ) : null}
      <Alert
        type="info"
        showIcon
        title="Disclaimer"
        description={`${product.name} does not hold your funds and is not an escrow agent. Rent is paid into your connected Stripe account, and compliance with any escrow or trust-account requirements rests with you as the owner or manager.`}
      />
    </Flex>
  );
}
