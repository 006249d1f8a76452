import { Card, Typography } from 'antd';
import { useShellContext } from '../../../app/pm-shell/PropertyManagerShell.js';
import { selectSessionUser } from '../../../app/session-slice.js';
import { useAppSelector } from '../../../app/useAppSelector.js';
import { WelcomePanel } from '../../../app/pm-shell/WelcomePanel.js';
import { checklistSteps } from '../onboarding-progress.js';
import { OnboardingProgressList } from './OnboardingProgressList.js';
import { PageTitle } from '../../../app/pm-shell/PageTitle.js';

/** The onboarding checklist (spec 001) of the selected location: each open step links to where it is done. */
export function OnboardingChecklistPage() {
  const { selectedLocation, progress } = useShellContext();
  const user = useAppSelector(selectSessionUser);
  if (!selectedLocation) return <WelcomePanel />;
  const personalDetailsComplete = Boolean(user?.full_name && user.phone);
  return (
    <Card title={<PageTitle>Onboarding checklist</PageTitle>}>
      <Typography.Paragraph type="secondary">{selectedLocation.name}</Typography.Paragraph>
      <OnboardingProgressList steps={checklistSteps(selectedLocation, progress, personalDetailsComplete)} />
    </Card>
  );
}
