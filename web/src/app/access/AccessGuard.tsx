import { Flex, Spin } from 'antd';
import { Navigate, Outlet, useLocation } from 'react-router';
import { selectIsAnonymous, selectIsRestoringSession, selectIsSignedIn, selectSessionUser } from '../session-slice.js';
import { useAppSelector } from '../useAppSelector.js';
import { decideAccess, type AccessRule } from './access-policy.js';
import { appAccessRules } from './app-access-rules.js';
import { isPublicPath } from './public-paths.js';
import { isSpecialHost } from '../special-host.js';

/**
 * Layout route that renders its child routes only when access is allowed. A redirect carries the requested
 * location as `state.from`, so the login screen can send the visitor back to where they were going. While the
 * session is being restored on load a protected path waits, instead of sending a signed-in user to login.
 */
export function AccessGuard({ rules = appAccessRules }: { rules?: readonly AccessRule[] }) {
  const location = useLocation();
  const isSignedIn = useAppSelector(selectIsSignedIn);
  const isAnonymous = useAppSelector(selectIsAnonymous);
  const user = useAppSelector(selectSessionUser);
  const restoring = useAppSelector(selectIsRestoringSession);

  if (restoring && !isPublicPath(location.pathname)) {
    return (
      <Flex justify="center" align="center" style={{ minHeight: '60vh' }}>
        <Spin size="large" />
      </Flex>
    );
  }

  const decision = decideAccess({ pathname: location.pathname, search: location.search, isSignedIn, isAnonymous, accountType: user?.account_type ?? null, specialHost: isSpecialHost() }, rules);
  if (!decision.allowed) return <Navigate to={decision.redirectTo} replace state={{ from: location }} />;
  return <Outlet />;
}
