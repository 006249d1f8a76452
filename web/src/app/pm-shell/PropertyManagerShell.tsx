import {
  BankOutlined,
  CheckSquareOutlined,
  CommentOutlined,
  DashboardOutlined,
  FolderOpenOutlined,
  HomeOutlined,
  InboxOutlined,
  MailOutlined,
  MenuOutlined,
  MessageOutlined,
  MobileOutlined,
  NotificationOutlined,
  PhoneOutlined,
  PlusCircleOutlined,
  SendOutlined,
  TeamOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { Button, Flex, Layout, Menu, Space, Spin, theme } from 'antd';
import { useFeedback } from '../feedback/useFeedback.js';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, Outlet, useLocation, useOutletContext } from 'react-router';
import { ChatWidget } from '../../features/ai-chat/ChatWidget.js';
import { awaitingReplyRequest, openTicketsRequest } from '../../features/property-manager/dashboard-requests.js';
import { DEFAULT_EXPIRING_LEASE_WINDOW } from '../../features/property-manager/lease-renewals.js';
import { PROPERTY_DASHBOARD_PATH } from '../access/app-access-rules.js';
import { ErrorPage } from '../error-page.js';
import { portfolioApi, useGetNavbarFlagsQuery } from '../generated/portfolio-api.js';
import { UnreadBadge } from './UnreadBadge.js';
import { messagingApi, useListSandboxPhoneNumbersQuery } from '../generated/messaging-api.js';
import { useMessagingLiveRefresh } from '../messaging/useMessagingLiveRefresh.js';
import { selectSessionUser } from '../session-slice.js';
import { ProductLogo } from '../shell/ProductLogo.js';
import { useAppSelector } from '../useAppSelector.js';
import { LocationSelector } from './LocationSelector.js';
import { sidebarItems } from './sidebar-items.js';
import { UserMenu } from './UserMenu.js';
import { localKeys, readLocal } from '../storage/local-keys.js';
import { useMediaQuery } from '../../lib/hooks/useMediaQuery.js';
import { usePropertyManagerContext, type PropertyManagerContext } from './usePropertyManagerContext.js';

/** Spec 000 section 9: drawer width 260, mini 60. */
const SIDEBAR_WIDTH = 260;
const SIDEBAR_MINI_WIDTH = 60;
/**
 * Spec 000 section 9's breakpoints sm 768 and md 1024: between them (a tablet) the sidebar starts as the mini strip,
 * so a page keeps the width its two-pane layouts need (the inbox's list and thread side by side); it opens on demand.
 */
export const TABLET_MEDIA = '(min-width: 768px) and (max-width: 1023.98px)';

/** The icons the mini sidebar shows (its labels appear on hover), by sidebar item key. */
const sidebarIcons: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  'onboarding-checklist': <CheckSquareOutlined />,
  'property-locations': <HomeOutlined />,
  buildings: <BankOutlined />,
  tenants: <TeamOutlined />,
  'inbound-messages': <NotificationOutlined />,
  inbox: <InboxOutlined />,
  'sent-emails': <MailOutlined />,
  'sent-sms': <SendOutlined />,
  'inbound-call': <PhoneOutlined />,
  conversations: <CommentOutlined />,
  tickets: <ToolOutlined />,
  vault: <FolderOpenOutlined />,
  'chat-with-ai': <MessageOutlined />,
  'sandbox-phone': <MobileOutlined />,
  'add-property': <PlusCircleOutlined />,
};

// Its code loads only for a browser that has not seen it.
const GuidedTour = lazy(async () => ({ default: (await import('./GuidedTour.js')).GuidedTour }));
// The phone's menu drawer loads on a phone only.
const NavigationDrawer = lazy(() => import('./NavigationDrawer.js'));

export const locationsFailedMessage = 'Failed to fetch property locations.';
export const progressFailedMessage = 'Failed to fetch onboarding progress.';
export const navbarFlagsFailedMessage = 'Failed to fetch navbar flags.';

/**
 * The property-manager shell: sidebar, header with the location selector and the user menu, and the page. It
 * loads the locations and the selected location's onboarding progress first (full-page spinner), all at once (the
 * remembered location's progress and dashboard data do not wait for the list), and shows the
 * full-page error when the locations cannot be loaded (spec 000 section 8).
 */
export function PropertyManagerShell() {
  const { token } = theme.useToken();
  const { notification } = useFeedback();
  const { pathname, search } = useLocation();
  const user = useAppSelector(selectSessionUser);
  const context = usePropertyManagerContext();
  // The team's own choice (the sidebar's trigger) until the window crosses a breakpoint; else mini on a tablet only.
  const tablet = useMediaQuery(TABLET_MEDIA);
  const [chosen, setChosen] = useState<{ tablet: boolean; collapsed: boolean } | null>(null);
  const collapsed = chosen !== null && chosen.tablet === tablet ? chosen.collapsed : tablet;
  const [tourUnseen] = useState(() => readLocal(localKeys.guidedTourViewed) === null);
  // Below the spec's sm breakpoint (768 px) the sidebar gives way to a menu button and a drawer: a 60 px strip
  // would take a sixth of a phone's width for icons alone.
  const [phone, setPhone] = useState(false);
  // The drawer belongs to the page it was opened on: following one of its links closes it.
  const [drawerOpenOn, setDrawerOpenOn] = useState<string | null>(null);
  const drawerOpen = drawerOpenOn === pathname;
  const prefetchExpiringLeases = portfolioApi.usePrefetch('listExpiringLeases');
  const prefetchAwaitingReply = messagingApi.usePrefetch('listInboxItems');
  const prefetchOpenTicketCount = messagingApi.usePrefetch('listTickets');
  const prefetchUnreadCount = messagingApi.usePrefetch('getInboxUnreadCount');
  // Answers only in the local profile (404 elsewhere): its answer is what lists the sandbox phone.
  const sandbox = useListSandboxPhoneNumbersQuery(undefined, { skip: !context.isPropertyManager });
  // Spec 000 §7: the navbar flags are asked for managers only; every other user gets every flag true.
  const managerLocationId = context.isPropertyManager ? (context.selectedLocation?.id ?? null) : null;
  const navbarFlags = useGetNavbarFlagsQuery({ locationId: managerLocationId ?? '' }, { skip: managerLocationId === null });
  const showCommunicationMenuItems = context.isPropertyManager ? navbarFlags.data?.showCommunicationMenuItems === true : true;
  // Spec 000 §6: managers get the notify stream; it refreshes the inbox, badge, Sent lists and tickets as things happen.
  useMessagingLiveRefresh(managerLocationId);

  // The dashboard's renewals list and messages awaiting a reply would otherwise be asked for only once the shell's own
  // data is in and the page renders: ask for them together with the locations and the progress. Same arguments as
  // UpcomingLeaseRenewals and AwaitingReplyCard, so the page finds them in the cache (or in flight).
  const dashboardLocationId = pathname === PROPERTY_DASHBOARD_PATH && context.isPropertyManager ? context.loadingLocationId : null;
  useEffect(() => {
    if (!dashboardLocationId) return;
    prefetchExpiringLeases({ locationId: dashboardLocationId, days: DEFAULT_EXPIRING_LEASE_WINDOW });
    prefetchAwaitingReply(awaitingReplyRequest(dashboardLocationId));
    prefetchOpenTicketCount(openTicketsRequest(dashboardLocationId));
    prefetchUnreadCount({ location_id: dashboardLocationId });
  }, [dashboardLocationId, prefetchExpiringLeases, prefetchAwaitingReply, prefetchOpenTicketCount, prefetchUnreadCount]);

  useEffect(() => {
    if (context.locationsFailed) notification.error({ title: locationsFailedMessage });
  }, [context.locationsFailed, notification]);
  useEffect(() => {
    if (context.progressFailed) notification.error({ title: progressFailedMessage });
  }, [context.progressFailed, notification]);
  // Spec 000 §8: the menu then shows what the flags' defaults allow.
  useEffect(() => {
    if (navbarFlags.isError) notification.error({ title: navbarFlagsFailedMessage });
  }, [navbarFlags.isError, notification]);

  // A registered user who never chose an account type has not been through onboarding yet.
  if (user && !user.is_anonymous && user.account_type === null) {
    return <Navigate to={{ pathname: '/onboarding/account-type', search }} replace />;
  }
  if (context.locationsFailed) return <ErrorPage onRefresh={context.refetchLocations} />;
  if (context.locationsLoading || context.progressLoading) {
    return (
      <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
        <Spin size="large" description="Loading…" />
      </Flex>
    );
  }

  const items = sidebarItems({ isPropertyOwnerCampaign: context.isPropertyOwnerCampaign, selectedLocation: context.selectedLocation, showCommunicationMenuItems, sandboxPhone: sandbox.isSuccess });
  // The most specific item wins: Add Property (…/property-locations/create) over Property Locations.
  const activeKey = items
    .filter((item) => pathname === item.path || pathname.startsWith(`${item.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0]?.key;

  const navigation = (
    <nav aria-label="Property manager" data-tour="navigation">
      <Menu
        mode="inline"
        selectedKeys={activeKey ? [activeKey] : []}
        items={items.map((item) => ({ key: item.key, icon: sidebarIcons[item.key], label: <Link to={item.path}>{item.label}</Link> }))}
        style={{ borderInlineEnd: 'none' }}
      />
    </nav>
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        width={SIDEBAR_WIDTH}
        collapsedWidth={SIDEBAR_MINI_WIDTH}
        collapsible
        collapsed={collapsed}
        onCollapse={(value, type) => {
          if (type === 'clickTrigger') setChosen({ tablet, collapsed: value });
        }}
        breakpoint="md"
        onBreakpoint={setPhone}
        theme="light"
        style={{ borderInlineEnd: `1px solid ${token.colorBorderSecondary}`, display: phone ? 'none' : undefined }}
      >
        <div style={{ padding: token.paddingSM, overflow: 'hidden' }}>
          <ProductLogo />
        </div>
        {phone ? null : navigation}
      </Layout.Sider>
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            paddingInline: phone ? token.paddingSM : token.paddingLG,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Flex align="center" justify="space-between" gap="small" style={{ height: '100%' }}>
            {phone ? <Button type="text" icon={<MenuOutlined />} aria-label="Open menu" onClick={() => setDrawerOpenOn(pathname)} /> : null}
            {context.isPropertyManager && context.locations.length > 0 ? (
              <div data-tour="location" style={{ minWidth: 0 }}>
                <LocationSelector locations={context.locations} selectedId={context.selectedLocation?.id} onSelect={context.selectLocation} />
              </div>
            ) : (
              <span />
            )}
            <Space size="middle">
              {managerLocationId ? (
                <span data-tour="inbox">
                  <UnreadBadge locationId={managerLocationId} />
                </span>
              ) : null}
              <span data-tour="account">
                <UserMenu user={user} compact={phone} />
              </span>
            </Space>
          </Flex>
        </Layout.Header>
        <Layout.Content style={{ padding: phone ? token.paddingSM : token.paddingLG, minWidth: 0 }}>
          <Outlet context={context} />
        </Layout.Content>
        {context.isPropertyManager ? <ChatWidget /> : null}
        {/* Where a manager lands after signing in, once there is a property to show the shell around. */}
        {context.isPropertyManager && tourUnseen ? (
          <Suspense fallback={null}>
            <GuidedTour ready={pathname === PROPERTY_DASHBOARD_PATH && context.locations.length > 0} />
          </Suspense>
        ) : null}
      </Layout>
      {phone ? (
        <Suspense fallback={null}>
          <NavigationDrawer width={SIDEBAR_WIDTH} open={drawerOpen} onClose={() => setDrawerOpenOn(null)}>
            {navigation}
          </NavigationDrawer>
        </Suspense>
      ) : null}
    </Layout>
  );
}

/** The shell's locations, selection and progress, for the pages inside it. */
export function useShellContext(): PropertyManagerContext {
  return useOutletContext<PropertyManagerContext>();
}
