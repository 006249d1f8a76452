import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { usePropertyManagerContext } from '../../app/pm-shell/usePropertyManagerContext.js';
import { ONBOARDING_CHECKLIST_PATH, rememberChecklistRedirect, shouldRedirectToChecklist } from './checklist-redirect.js';

/**
 * Layout route for the signed-in screens outside the manager area: sends an incomplete property manager to the
 * onboarding checklist once per location (spec 000 4.2). The decision needs the real progress, so nothing
 * happens until the BFF has answered.
 */
export function OnboardingChecklistRedirect() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { selectedLocation, loadedProgress } = usePropertyManagerContext();

  useEffect(() => {
    if (!selectedLocation || !shouldRedirectToChecklist({ pathname, location: selectedLocation, progress: loadedProgress })) return;
    rememberChecklistRedirect(selectedLocation.id);
    void navigate(ONBOARDING_CHECKLIST_PATH, { replace: true });
  }, [pathname, selectedLocation, loadedProgress, navigate]);

  return <Outlet />;
}
