import { Navigate, useLocation } from 'react-router';

/**
 * Invitation e-mails already sent link to /sign-up?email=…; the sign-up page is /signup (spec 2.1). The link's
 * parameters (the invited address, the account type, a campaign) go along, so the form starts filled in.
 */
export function LegacySignUpRedirect() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: '/signup', search, hash }} replace />;
}
