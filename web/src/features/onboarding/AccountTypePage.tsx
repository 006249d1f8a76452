import { Button, Flex, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { selectSessionUser, sessionUserUpdated } from '../../app/session-slice.js';
import { useAppDispatch } from '../../app/useAppDispatch.js';
import { useAppSelector } from '../../app/useAppSelector.js';
import { useSetAccountTypeMutation } from '../../app/generated/identity-api.js';
import { onboardingCampaign } from './onboarding-campaign.js';

export const PROPERTY_LOCATION_STEP = '/onboarding/property-location';

/**
 * Account type select (spec 000 2.5): the product currently has one choice for self-service sign-ups, so the step
 * sets property_manager with the campaign and forwards to the property step, keeping campaign and returnUrl.
 */
export function AccountTypePage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const user = useAppSelector(selectSessionUser);
  const [updateAccountType] = useSetAccountTypeMutation();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  const campaign = onboardingCampaign(searchParams, user?.campaign);

  const setAccountType = async () => {
    setFailed(false);
    try {
      const updated = await updateAccountType({ account_type: 'property_manager', ...(campaign ? { campaign } : {}) }).unwrap();
      dispatch(sessionUserUpdated(updated));
      const next = new URLSearchParams();
      if (campaign) next.set('campaign', campaign);
      const returnUrl = searchParams.get('returnUrl');
      if (returnUrl) next.set('returnUrl', returnUrl);
      const query = next.toString();
      void navigate(`${PROPERTY_LOCATION_STEP}${query ? `?${query}` : ''}`, { replace: true });
    } catch {
      setFailed(true);
    }
  };

  useEffect(() => {
    // StrictMode mounts twice in development; the account type is set once per visit.
    if (started.current) return;
    started.current = true;
    void setAccountType();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once on arrival by design
  }, []);

  if (failed) {
    return (
      <Result
        status="error"
        title="Something went wrong"
        subTitle="Your account could not be set up. Please try again."
        extra={
          <Button type="primary" onClick={() => void setAccountType()}>
            Try again
          </Button>
        }
      />
    );
  }
  return (
    <Flex justify="center" style={{ padding: 64 }}>
      <Spin size="large" description="Setting up your account…" />
    </Flex>
  );
}
