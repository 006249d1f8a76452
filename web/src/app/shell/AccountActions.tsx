import { Button, Flex } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { withCampaign } from '../../features/public-pages/campaign-link.js';
import { selectIsRegistered } from '../session-slice.js';
import { useAppSelector } from '../useAppSelector.js';

/**
 * Sign in / Start Free for visitors (anonymous ones included), Property Overview and Log out for signed-in users.
 * The campaign of the visit travels along (spec 9).
 */
export function AccountActions() {
  const [search] = useSearchParams();
  const isRegistered = useAppSelector(selectIsRegistered);

  if (isRegistered) {
    return (
      <Flex gap="small" align="center">
        <Link to={withCampaign('/property-manager/dashboard', search)}>
          <Button type="primary">Property Overview</Button>
        </Link>
        <Link to="/logout">Log out</Link>
      </Flex>
    );
  }
  return (
    <Flex gap="small" align="center">
      <Link to={withCampaign('/login', search)}>Sign in</Link>
      <Link to={withCampaign('/signup', search)}>
        <Button type="primary">Start Free</Button>
      </Link>
    </Flex>
  );
}
