import { Card } from 'antd';
import { PageTitle } from '../../../app/pm-shell/PageTitle.js';
import { SubscriptionPlans } from './SubscriptionPlans.js';

/** /property-manager/subscription (spec 001 §2): where the plans' checkout returns (?success=true). */
export function SubscriptionPage() {
  return (
    <Card>
      <PageTitle>Subscription</PageTitle>
      <SubscriptionPlans />
    </Card>
  );
}

/** The account settings' Subscription tab (spec 000 §2.3 item 19: managers only). */
export function SubscriptionTab() {
  return <SubscriptionPlans />;
}
