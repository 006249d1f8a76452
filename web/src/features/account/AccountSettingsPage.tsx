import { Card, Flex, Spin, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { selectSessionUser } from '../../app/session-slice.js';
import { useAppSelector } from '../../app/useAppSelector.js';
import { useGetCurrentUserQuery } from '../../app/generated/identity-api.js';
import { ContactTab } from './components/ContactTab.js';
import { LegalTab } from './components/LegalTab.js';
import { PasswordTab } from './components/PasswordTab.js';
import { ProfileTab } from './components/ProfileTab.js';
import { PageTitle } from '../../app/pm-shell/PageTitle.js';
import { accountFeatureTabs } from '../../app/account-tabs.js';

// Subscription and Rent Management (spec 2.3 screen 19) come from app/account-tabs.ts.
export const accountTabs = [
  { key: 'contact', label: 'Contact details' },
  { key: 'profile', label: 'Profile' },
  { key: 'password', label: 'Password' },
  { key: 'legal', label: 'Legal' },
] as const;

type AccountTab = (typeof accountTabs)[number]['key'];

const isAccountTab = (tab: string | undefined): tab is AccountTab => accountTabs.some(({ key }) => key === tab);

/** Spec 2.3 screen 19: one route per tab under `base` (/property-manager/account or /resident/account). */
export function AccountSettingsPage({ base }: { base: '/property-manager/account' | '/resident/account' }) {
  const { tab } = useParams();
  const navigate = useNavigate();
  const sessionUser = useAppSelector(selectSessionUser);
  const { data: fetchedUser, isLoading } = useGetCurrentUserQuery();
  const user = fetchedUser ?? sessionUser;
  const featureTabs = accountFeatureTabs.filter((featureTab) => featureTab.shows({ base, campaign: user?.campaign }));
  const featureTab = featureTabs.find(({ key }) => key === tab);

  // Until the user (and so their campaign) is known, a feature's tab shows the spinner below rather than redirecting.
  if (!isAccountTab(tab) && !featureTab) return <Navigate to={`${base}/contact`} replace />;
  if (!user) {
    return isLoading ? (
      <Flex justify="center" style={{ padding: 64 }}>
        <Spin size="large" />
      </Flex>
    ) : null;
  }

  const content: Record<AccountTab, ReactNode> = {
    contact: <ContactTab user={user} />,
    profile: <ProfileTab user={user} />,
    password: <PasswordTab />,
    legal: <LegalTab />,
  };

  return (
    <Card>
      <PageTitle>Account settings</PageTitle>
      <Tabs
        activeKey={tab}
        onChange={(key) => void navigate(`${base}/${key}`)}
        // Spec: tabs scroll on small screens — antd's tab bar overflows into a scrollable strip.
        items={[
          ...accountTabs.map(({ key, label }) => ({ key, label, children: key === tab ? content[key] : null })),
          ...featureTabs.map(({ key, label, Component }) => ({ key, label, children: key === tab ? <Component /> : null })),
        ]}
      />
    </Card>
  );
}
