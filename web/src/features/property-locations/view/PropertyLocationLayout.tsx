import { Button, Card, Flex, Result, Spin, Typography } from 'antd';
import { useState } from 'react';
import { Outlet, useLocation, useParams } from 'react-router';
import { SectionNav } from '../../../app/pm-shell/SectionNav.js';
import { useShellContext } from '../../../app/pm-shell/PropertyManagerShell.js';
import { errorMessage } from '../../../lib/http/error-message.js';
import { useQueryFlag } from '../../../lib/http/useQueryFlag.js';
import { useLoadErrorToast } from '../../../lib/feedback/useLoadErrorToast.js';
import { useGetPropertyLocationQuery } from '../../../app/generated/portfolio-api.js';
import type { LocationDialog } from '../../../app/location-section.js';
import { locationDialogs } from '../../../app/location-dialogs.js';
import { locationSections } from '../../../app/location-sections.js';
import { locationMessages, locationPath } from '../location-messages.js';
import { EditPropertyLocationDialog } from './EditPropertyLocationDialog.js';
import { sectionTabs } from './section-tabs.js';
import type { LocationContext } from '../../../app/pm-shell/useLocationContext.js';
import { PageTitle, RecordSections } from '../../../app/pm-shell/PageTitle.js';

/**
 * /property-manager/property-locations/{id}: the location's header (name, address, Edit) and section tabs, with
 * the section below. Every section gets the location through the outlet context. The sections and the dialogs a
 * query flag opens on arrival (?openInviteTenant=true, spec 001 section 2) come from the features, through app/.
 */
export function PropertyLocationLayout() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const shell = useShellContext();
  const query = useGetPropertyLocationQuery({ id });
  const [editing, setEditing] = useState(false);
  useLoadErrorToast(query.isError, locationMessages.loadFailed);

  if (query.isLoading) {
    return (
      <Flex justify="center">
        <Spin description="Loading…" />
      </Flex>
    );
  }
  if (!query.data) {
    return <Result status="error" title={locationMessages.loadFailed} subTitle={errorMessage(query.error, '')} />;
  }

  const location = query.data;
  const base = locationPath(location.id);
  const rest = pathname.startsWith(`${base}/`) ? pathname.slice(base.length + 1) : '';
  const activeKey = rest.split('/')[0] ?? '';
  const tabs = sectionTabs(location, locationSections);
  const context: LocationContext = { ...shell, propertyLocation: location };

  return (
    <Flex vertical gap="middle">
      <Card>
        <Flex justify="space-between" align="start" gap="middle" wrap>
          <div>
            <PageTitle>{location.name}</PageTitle>
            <Typography.Text type="secondary">{location.address_text}</Typography.Text>
          </div>
          <Button onClick={() => setEditing(true)}>Edit</Button>
        </Flex>
        <SectionNav
          label="Property location sections"
          activeKey={activeKey}
          sections={tabs.map((tab) => ({ key: tab.key, label: tab.label, to: tab.key ? `${base}/${tab.key}` : base }))}
        />
      </Card>
      <RecordSections>
        <Outlet context={context} />
      </RecordSections>
      <EditPropertyLocationDialog location={location} open={editing} onClose={() => setEditing(false)} />
      {locationDialogs.map((dialog) => (
        <FlaggedDialog key={dialog.flag} dialog={dialog} locationId={location.id} />
      ))}
    </Flex>
  );
}

/** One feature's dialog, open while its query flag is set; closing it clears the flag. */
function FlaggedDialog({ dialog, locationId }: { dialog: LocationDialog; locationId: string }) {
  const [open, clearFlag] = useQueryFlag(dialog.flag);
  return <dialog.Component locationId={locationId} open={open} onClose={clearFlag} />;
}
