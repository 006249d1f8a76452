import { Navigate, Outlet, useLocation } from 'react-router';
import { selectIsSignedIn } from '../session-slice.js';
import { useAppSelector } from '../useAppSelector.js';
import { decideAccess, type AccessRule } from './access-policy.js';

const noRules: readonly AccessRule[] = [];

/**
 * Layout route that renders its child routes only when access is allowed. A redirect carries the requested
 * location as `state.from`, so the login screen can send the visitor back to where they were going.
 */
export function AccessGuard({ rules = noRules }: { rules?: readonly AccessRule[] }) {
  const location = useLocation();
  const isSignedIn = useAppSelector(selectIsSignedIn);
  const decision = decideAccess({ pathname: location.pathname, isSignedIn }, rules);

  if (!decision.allowed) return <Navigate to={decision.redirectTo} replace state={{ from: location }} />;
  return <Outlet />;
}
