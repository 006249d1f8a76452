import { Button, Flex, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { forgetSelectedLocation, rememberSelectedLocation } from '../../app/pm-shell/selected-location.js';
import { selectSessionUser } from '../../app/session-slice.js';
import { localKeys, removeLocal } from '../../app/storage/local-keys.js';
import { useAppSelector } from '../../app/useAppSelector.js';
import { useCompleteReferralMutation } from '../../app/generated/identity-api.js';
import { PropertyLocationForm } from '../property-locations/create-property-location/PropertyLocationForm.js';
import { goToUrl } from './go-to-url.js';
import { onboardingCampaign } from './onboarding-campaign.js';
import { canSkipOnboarding, DEFAULT_SKIP_TARGET, skipTarget } from './skip-target.js';
import { useSkipSources } from './useSkipSources.js';

export const TENANTS_STEP = '/onboarding/tenants';

/** Property location create, the second onboarding step (spec 000 2.5): form, map beside it, Logout, Skip for now. */
export function PropertyLocationStepPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const user = useAppSelector(selectSessionUser);
  const sources = useSkipSources();
  const [completeReferral] = useCompleteReferralMutation();
  const isPropertyOwnerCampaign = onboardingCampaign(searchParams, user?.campaign) === 'property_owner';

  const skip = () => {
    const target = skipTarget(sources);
    // Stored redirects are used once; the referral is marked redirected before the user is sent to it.
    if (target === sources.referralUrl && sources.storedReferralPending) void completeReferral();
    if (target === sources.postOnboardingRedirect) removeLocal(localKeys.postOnboardingRedirect);
    if (target === sources.shareRedirect) removeLocal(localKeys.shareRedirect);
    goToUrl(target, navigate, DEFAULT_SKIP_TARGET);
  };

  const logOut = () => {
    forgetSelectedLocation();
    void navigate('/logout');
  };

  return (
    <Flex vertical gap="large">
      <Flex justify="space-between" align="start" gap="middle" wrap>
        <div>
          <Typography.Title level={2} style={{ marginTop: 0 }}>
            Add your property
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            Find your property by its address. You can add buildings, units and tenants next.
          </Typography.Paragraph>
        </div>
        <Button onClick={logOut}>Logout</Button>
      </Flex>
      <PropertyLocationForm
        isPropertyOwnerCampaign={isPropertyOwnerCampaign}
        onCreated={(location) => {
          if (user) rememberSelectedLocation(user.id, location.id);
          void navigate(sources.returnUrl ?? TENANTS_STEP);
        }}
        extraActions={canSkipOnboarding(sources) ? <Button onClick={skip}>Skip for now</Button> : null}
      />
    </Flex>
  );
}
